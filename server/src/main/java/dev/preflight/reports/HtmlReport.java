package dev.preflight.reports;

import dev.preflight.branding.Branding;
import dev.preflight.findings.Finding;
import dev.preflight.platform.Json;
import org.springframework.stereotype.Component;
import org.thymeleaf.context.Context;
import org.thymeleaf.spring6.SpringTemplateEngine;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders the report template (Thymeleaf) for the html format and as the input of the pdf format. What it shows
 * follows {@code detail_level} (executive: summary and the table of checks; standard: plus each check's explanation,
 * its findings (at most {@value #STANDARD_ITEMS} listed) and thumbnails of the pages with located findings;
 * comprehensive: every finding with its details and every page) and {@code summary_page} (prepend: summary first,
 * on its own page in PDF; only: nothing but the summary; off: no summary section).
 */
@Component
class HtmlReport {

    static final int STANDARD_ITEMS = 25;
    static final String NEUTRAL = "#455A64";
    private static final DateTimeFormatter GENERATED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'",
            Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final Map<String, String> LABELS = Map.of("error", "Errors", "warning", "Warnings",
            "advisory", "Advisories", "info", "Notes");

    private final SpringTemplateEngine templates;

    HtmlReport(SpringTemplateEngine templates) {
        this.templates = templates;
    }

    /** A severity section: its groups in report order. */
    record Severity(String key, String label, List<ReportModel.CheckGroup> groups) {
    }

    /** A page thumbnail: page number, PNG data URI and its display width in CSS pixels. */
    record Thumb(int pageNum, String dataUri, int width) {
    }

    String render(ReportModel m, List<Thumb> thumbs, boolean pdf) {
        Branding b = m.branding();
        var ctx = new Context(Locale.ENGLISH);
        ctx.setVariable("m", m);
        ctx.setVariable("b", b);
        ctx.setVariable("pdf", pdf);
        // A PDF never loads anything from the network: only an embedded logo goes in.
        ctx.setVariable("logo", b.anonymous() ? null : pdf ? b.logoDataUri() : b.logoForHtml());
        ctx.setVariable("title", "Report: " + m.job().fileName());
        ctx.setVariable("heading", "Report");
        ctx.setVariable("description", "Print-readiness report of " + m.job().fileName() + ": "
                + (m.passed() ? "passed" : "failed") + ", " + m.summary().errorCount() + " errors, "
                + m.summary().warningCount() + " warnings");
        ctx.setVariable("generated", GENERATED.format(m.generatedAt()));
        ctx.setVariable("primary", b.primaryColor() == null ? NEUTRAL : b.primaryColor());
        ctx.setVariable("showSummary", !m.summaryPage().equals("off"));
        ctx.setVariable("showDetails", !m.summaryPage().equals("only"));
        boolean executive = m.detailLevel().equals("executive");
        boolean comprehensive = m.detailLevel().equals("comprehensive");
        ctx.setVariable("explain", !executive);
        ctx.setVariable("listFindings", !executive);
        ctx.setVariable("comprehensive", comprehensive);
        ctx.setVariable("maxItems", comprehensive ? Integer.MAX_VALUE : STANDARD_ITEMS);
        ctx.setVariable("severities", severities(m));
        ctx.setVariable("colors", Map.of("error", "#C62828", "warning", "#E66A00", "advisory", "#1565C0",
                "info", "#607D8B"));
        var details = new HashMap<Finding, String>();
        if (comprehensive) {
            m.findings().forEach(f -> {
                if (f.details() != null && !f.details().isEmpty()) {
                    details.put(f, Json.write(f.details()));
                }
            });
        }
        ctx.setVariable("details", details);
        ctx.setVariable("thumbs", executive ? List.of() : thumbs);
        ctx.setVariable("footer", b.anonymous() || b.hideFooter() ? null : b.footerText());
        return templates.process("reports/report", ctx);
    }

    static List<Severity> severities(ReportModel m) {
        var by = new LinkedHashMap<String, List<ReportModel.CheckGroup>>();
        for (String s : List.of("error", "warning", "advisory", "info")) {
            by.put(s, new ArrayList<>());
        }
        for (ReportModel.CheckGroup g : m.groups()) {
            by.computeIfAbsent(g.severity(), k -> new ArrayList<>()).add(g);
        }
        var out = new ArrayList<Severity>();
        by.forEach((k, v) -> {
            if (!v.isEmpty()) {
                out.add(new Severity(k, LABELS.getOrDefault(k, k), v));
            }
        });
        return out;
    }
}
