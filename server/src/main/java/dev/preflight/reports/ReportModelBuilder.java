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
                    ranges(pages), items, clause(list)));
        }
        // within a severity: our own checks by name, then the conformance rules clause by clause
        groups.sort(Comparator.comparingInt((ReportModel.CheckGroup g) -> rank(g.severity()))
                .thenComparing(g -> g.clause() != null)
                .thenComparing(g -> g.clause() == null ? "" : g.clause(), ReportModelBuilder::naturally)
                .thenComparing(ReportModel.CheckGroup::name, ReportModelBuilder::naturally));
        var block = new ReportModel.Job(job.id(), job.fileName(), job.fileSize(), job.pageCount(), job.profileId(),
                job.preflightSource(), status, job.createdAt(), job.completedAt());
        return new ReportModel(generatedAt, block, job.summary(), List.copyOf(findings), branding, groups,
                detailLevel, summaryPage);
    }

    /** The clause a conformance rule's findings test, when they all name the same one; else null. */
    static String clause(List<Finding> list) {
        String clause = null;
        for (Finding f : list) {
            if (!"conformance".equals(f.category()) || f.isoClause() == null
                    || (clause != null && !clause.equals(f.isoClause()))) {
                return null;
            }
            clause = f.isoClause();
        }
        return clause;
    }

    /** Compares text with runs of digits by their value, so clause 6.2.9 comes before 6.2.10. */
    static int naturally(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int ei = i;
                while (ei < a.length() && Character.isDigit(a.charAt(ei))) {
                    ei++;
                }
                int ej = j;
                while (ej < b.length() && Character.isDigit(b.charAt(ej))) {
                    ej++;
                }
                int c = new java.math.BigInteger(a.substring(i, ei)).compareTo(new java.math.BigInteger(b.substring(j, ej)));
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
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
            // a conformance rule is one finding however often it failed; details say how often
            if (f.details() != null && "conformance".equals(f.category())
                    && f.details().get("occurrences") instanceof Number n) {
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
