package dev.preflight.reports;

import dev.preflight.analysis.CheckNames;
import dev.preflight.branding.Branding;
import dev.preflight.findings.Finding;
import dev.preflight.jobs.JobView;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Builds the one model every format of a report is rendered from. */
@Component
class ReportModelBuilder {

    private static final List<String> SEVERITY_ORDER = List.of("error", "warning", "advisory", "info");

    private final CheckNames checkNames;

    ReportModelBuilder(CheckNames checkNames) {
        this.checkNames = checkNames;
    }

    ReportModel build(JobView job, String status, List<Finding> findings, Branding branding, String detailLevel,
                      String summaryPage, Instant generatedAt) {
        var located = new ArrayList<Finding>();
        for (Finding f : findings) {
            if (located(f)) {
                located.add(f);
            }
        }
        // Markers run through the document page by page, so the numbers on a thumbnail read in order.
        located.sort(Comparator.comparingInt(Finding::pageNum));
        var markers = new IdentityHashMap<Finding, Integer>();
        for (int i = 0; i < located.size(); i++) {
            markers.put(located.get(i), i + 1);
        }
        var byCheck = new LinkedHashMap<String, List<Finding>>();
        for (Finding f : findings) {
            byCheck.computeIfAbsent(f.inspectionId(), k -> new ArrayList<>()).add(f);
        }
        var groups = new ArrayList<ReportModel.CheckGroup>();
        for (Map.Entry<String, List<Finding>> e : byCheck.entrySet()) {
            List<Finding> list = e.getValue();
            String severity = list.stream().map(Finding::severity)
                    .min(Comparator.comparingInt(ReportModelBuilder::rank)).orElse("info");
            var desc = checkNames.describe(e.getKey());
            String name = desc.map(CheckNames.Description::name).orElse(e.getKey());
            var pages = new TreeSet<Integer>();
            list.forEach(f -> {
                if (f.pageNum() > 0) {
                    pages.add(f.pageNum());
                }
            });
            var items = list.stream().map(f -> new ReportModel.Item(markers.getOrDefault(f, 0), f)).toList();
            groups.add(new ReportModel.CheckGroup(e.getKey(), name,
                    desc.map(CheckNames.Description::description).orElse(null), severity, count(list),
                    ranges(pages), items));
        }
        groups.sort(Comparator.comparingInt((ReportModel.CheckGroup g) -> rank(g.severity()))
                .thenComparing(ReportModel.CheckGroup::name));
        var block = new ReportModel.Job(job.id(), job.fileName(), job.fileSize(), job.pageCount(), job.profileId(),
                job.preflightSource(), status, job.createdAt(), job.completedAt());
        return new ReportModel(generatedAt, block, job.summary(), List.copyOf(findings), branding, groups,
                detailLevel, summaryPage);
    }

    static boolean located(Finding f) {
        return f.pageNum() > 0 && f.bbox() != null && f.bbox().size() == 4;
    }

    static int rank(String severity) {
        int i = SEVERITY_ORDER.indexOf(severity);
        return i < 0 ? SEVERITY_ORDER.size() : i;
    }

    /** Occurrences of a check: the engine keeps a capped number of locations and counts the rest in details. */
    private static int count(List<Finding> list) {
        int total = list.size();
        for (Finding f : list) {
            if (f.details() != null && f.details().get("total_occurrences") instanceof Number n) {
                total = Math.max(total, n.intValue());
            }
        }
        return total;
    }

    /** "1, 3-5, 9" */
    static String ranges(TreeSet<Integer> pages) {
        var sb = new StringBuilder();
        Integer start = null;
        Integer prev = null;
        for (int p : pages) {
            if (prev != null && p == prev + 1) {
                prev = p;
                continue;
            }
            if (start != null) {
                append(sb, start, prev);
            }
            start = p;
            prev = p;
        }
        if (start != null) {
            append(sb, start, prev);
        }
        return sb.toString();
    }

    private static void append(StringBuilder sb, int start, int end) {
        if (!sb.isEmpty()) {
            sb.append(", ");
        }
        sb.append(start);
        if (end > start) {
            sb.append('-').append(end);
        }
    }
}
