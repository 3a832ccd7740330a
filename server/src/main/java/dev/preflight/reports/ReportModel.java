package dev.preflight.reports;

import dev.preflight.branding.Branding;
import dev.preflight.findings.Finding;
import dev.preflight.jobs.Summary;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/**
 * One report, built once per mint, from which every format is rendered: the job, its summary and findings, the
 * frozen branding, and the findings grouped by check with the catalogue's plain-language explanation.
 *
 * @param detailLevel executive, standard or comprehensive
 * @param summaryPage prepend, only or off
 */
record ReportModel(Instant generatedAt, Job job, Summary summary, List<Finding> findings, Branding branding,
                   List<CheckGroup> groups, String detailLevel, String summaryPage) {

    /** The job block of a report. */
    record Job(String jobId, String fileName, long fileSize, @Nullable Integer pageCount, String profileId,
               String preflightSource, String status, Instant createdAt, @Nullable Instant completedAt) {
    }

    /**
     * The findings of one check.
     *
     * @param severity    the most severe of its findings
     * @param count       occurrences, counting those beyond the engine's location cap
     * @param pages       the pages as ranges ("1, 3-5"); empty for document-level findings only
     * @param explanation what the check looks for and why it matters (catalogue), or null for imported rules
     * @param clause      for a PDF/A or PDF/UA rule, the standard and clause it tests ("ISO 19005-2:2011 6.2.11.4.1"):
     *                    reports list the rules of one clause together under it; null for every other check
     */
    record CheckGroup(String inspectionId, String name, @Nullable String explanation, String severity, int count,
                      String pages, List<Item> items, @Nullable String clause) {
    }

    /**
     * One finding in a group.
     *
     * @param marker the number drawn on the page thumbnail and in the annotated PDF (0 when not located)
     */
    record Item(int marker, Finding finding) {
    }

    public boolean passed() {
        return summary.passed();
    }

    public boolean anonymous() {
        return branding.anonymous();
    }
}
