package dev.preflight.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The terminal table of a job's findings: grouping, order, page ranges, counts. */
class FindingsReportTests {

    private static Job.Finding finding(String id, String severity, int page, String message) {
        return new Job.Finding(id, severity, message, page);
    }

    @Test
    void pagesAreListedAsRangesWithTheDocumentFirst() {
        var items = List.of(finding("X", "error", 7, "m"), finding("X", "error", 2, "m"), finding("X", "error", 0, "m"),
                finding("X", "error", 1, "m"), finding("X", "error", 3, "m"), finding("X", "error", 3, "m"),
                finding("X", "error", 9, "m"), finding("X", "error", 10, "m"));
        assertThat(FindingsReport.pages(items)).isEqualTo("doc, 1-3, 7, 9-10");
    }

    @Test
    void groupsByCheckWithTheMostSevereChecksFirst() {
        var job = new Job("j", "completed", "a.pdf", "service-default", "engine", 3, 12L,
                new Job.Summary(4, 2, 1, 0, false),
                List.of(finding("WARN_ME", "warning", 1, "thin line"), finding("B_ERR", "error", 2, "low res 72"),
                        finding("A_ERR", "error", 0, "no output intent"), finding("B_ERR", "error", 3, "low res 90"),
                        finding("NOTE", "info", 0, "producer X")),
                null, "2026-01-01T00:00:00Z");
        var out = new StringWriter();
        FindingsReport.print(new PrintWriter(out, true), job);
        assertThat(out.toString().lines().toList()).containsExactly(
                "a.pdf: FAILED  2 errors, 1 warning, 0 advisories, 1 info  (job j, service-default, 3 pages, 12 ms)",
                "  CHECK    SEVERITY  COUNT  PAGES  MESSAGE",
                "  A_ERR    error         1  doc    no output intent",
                "  B_ERR    error         2  2-3    low res 72  (+1 more)",
                "  WARN_ME  warning       1  1      thin line",
                "  NOTE     info          1  doc    producer X");
    }

    @Test
    void aFailedJobPrintsItsError() {
        var job = new Job("j", "failed", "a.pdf", "service-default", "engine", null, null,
                new Job.Summary(0, 0, 0, 0, false), List.of(), "The file is not a PDF", "2026-01-01T00:00:00Z");
        var out = new StringWriter();
        FindingsReport.print(new PrintWriter(out, true), job);
        assertThat(out.toString()).isEqualTo("a.pdf: FAILED: The file is not a PDF  (job j)" + System.lineSeparator());
    }
}
