package dev.preflight.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** A finished job for the terminal: one line of verdict and counts, then its findings grouped by check. */
final class FindingsReport {

    private static final List<String> SEVERITY_ORDER = List.of("error", "warning", "advisory", "info");

    private FindingsReport() {
    }

    static void print(PrintWriter out, Job job) {
        if (!job.done()) {
            out.println(job.fileName() + ": " + job.status().toUpperCase() + (job.error() == null ? "" : ": " + job.error())
                    + "  (job " + job.jobId() + ")");
            return;
        }
        var findings = job.findingsOrEmpty();
        long info = findings.stream().filter(f -> f.severity().equals("info")).count();
        var s = job.summary();
        out.println(job.fileName() + ": " + (s.passed() ? "PASSED" : "FAILED") + "  "
                + plural(s.errorCount(), "error") + ", " + plural(s.warningCount(), "warning") + ", "
                + plural(s.advisoryCount(), "advisory", "advisories") + ", " + plural(info, "info", "info")
                + "  (job " + job.jobId() + ", " + (job.preflightSource().equals("engine") ? job.profileId() : job.preflightSource())
                + ", " + plural(job.pageCount() == null ? 0 : job.pageCount(), "page")
                + (job.durationMs() == null ? "" : ", " + job.durationMs() + " ms") + ")");
        if (findings.isEmpty()) {
            out.println("  no findings");
            return;
        }
        var table = new TextTable("CHECK", "SEVERITY", ">COUNT", "PAGES", "MESSAGE");
        for (var group : groups(findings).entrySet()) {
            var items = group.getValue();
            String severity = items.stream().map(Job.Finding::severity)
                    .min((a, b) -> rank(a) - rank(b)).orElseThrow();
            long otherMessages = items.stream().map(Job.Finding::message).distinct().count() - 1;
            table.row(group.getKey(), severity, items.size(), pages(items),
                    items.get(0).message() + (otherMessages > 0 ? "  (+" + otherMessages + " more)" : ""));
        }
        table.print(out, "  ");
    }

    /** Findings by check, most severe check first, then by check id. */
    static Map<String, List<Job.Finding>> groups(List<Job.Finding> findings) {
        var byCheck = new LinkedHashMap<String, List<Job.Finding>>();
        findings.stream()
                .sorted((a, b) -> rank(a.severity()) != rank(b.severity()) ? rank(a.severity()) - rank(b.severity())
                        : a.inspectionId().compareTo(b.inspectionId()))
                .forEach(f -> byCheck.computeIfAbsent(f.inspectionId(), k -> new ArrayList<>()).add(f));
        return byCheck;
    }

    /** Page numbers as ranges ("1-3, 7"); "doc" for document-level findings. */
    static String pages(List<Job.Finding> items) {
        var pages = new TreeSet<Integer>();
        items.forEach(f -> pages.add(f.pageNum()));
        var parts = new ArrayList<String>();
        if (pages.remove(0)) {
            parts.add("doc");
        }
        Integer start = null;
        Integer prev = null;
        for (int p : pages) {
            if (start == null) {
                start = p;
            } else if (p != prev + 1) {
                parts.add(start.equals(prev) ? "" + start : start + "-" + prev);
                start = p;
            }
            prev = p;
        }
        if (start != null) {
            parts.add(start.equals(prev) ? "" + start : start + "-" + prev);
        }
        return String.join(", ", parts);
    }

    private static int rank(String severity) {
        int i = SEVERITY_ORDER.indexOf(severity);
        return i < 0 ? SEVERITY_ORDER.size() : i;
    }

    static String plural(long n, String word) {
        return plural(n, word, word + "s");
    }

    static String plural(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
