package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Imports callas "pi4" XML reports (pdfToolbox, and Acrobat 8+ whose preflight is callas technology): one finding
 * per {@code results/hits/hit}, text joined from {@code profile_info/rules/rule}.
 */
final class CallasXmlReportImporter {

    static final String FORMAT_B = "preflight_b_xml";
    static final String SOURCE_B = "external:preflight_b";

    private static final int MAX_TRIGGER_VALUES_IN_MESSAGE = 5;

    private final String format;
    private final String source;
    private final String idPrefix;
    private final String defaultTool;

    private CallasXmlReportImporter(String format, String source, String idPrefix, String defaultTool) {
        this.format = format;
        this.source = source;
        this.idPrefix = idPrefix;
        this.defaultTool = defaultTool;
    }

    static CallasXmlReportImporter callas() {
        return new CallasXmlReportImporter(FORMAT_B, SOURCE_B, ImportedIds.CALLAS, "callas pdfToolbox");
    }

    static CallasXmlReportImporter acrobat() {
        return new CallasXmlReportImporter(AcrobatReportImporter.FORMAT, AcrobatReportImporter.SOURCE,
                ImportedIds.ACROBAT, "Adobe Acrobat Preflight");
    }

    /** A pi4 report: root {@code report} in the pi4 namespace, or unnamespaced with a {@code results} child. */
    static boolean isPi4(Element root) {
        if (!Elements.named(root, "report")) {
            return false;
        }
        String ns = root.getNamespaceURI();
        return ReportImporters.PI4_NAMESPACE.equals(ns) || (ns == null && Elements.child(root, "results") != null);
    }

    private record Rule(String displayName, String displayComment, String customId) {
    }

    ImportResult importReport(Document document) throws InvalidReportException {
        Element root = document.getDocumentElement();
        if (!isPi4(root)) {
            throw new InvalidReportException(format + " expects a callas pi4 report: root <report xmlns=\""
                    + ReportImporters.PI4_NAMESPACE + "\"> with <results>, found <" + Elements.localName(root) + ">");
        }
        Element results = Elements.child(root, "results");
        if (results == null) {
            throw new InvalidReportException("pi4 report has no <results> element");
        }
        Element profileInfo = Elements.child(root, "profile_info");
        Map<String, Rule> rules = new HashMap<>();
        for (Element rule : Elements.children(Elements.child(profileInfo, "rules"), "rule")) {
            String id = Elements.attr(rule, "id");
            if (id != null) {
                rules.put(id, new Rule(Elements.childText(rule, "display_name"),
                        Elements.childText(rule, "display_comment"), Elements.attr(rule, "custom_id")));
            }
        }
        Map<String, String> conditions = new HashMap<>();
        for (Element c : Elements.children(Elements.child(profileInfo, "conditions"), "condition")) {
            String id = Elements.attr(c, "id");
            String name = Elements.childText(c, "display_name");
            if (id != null && name != null) {
                conditions.put(id, name);
            }
        }
        Map<String, String> fixupNames = new HashMap<>();
        for (Element f : Elements.children(Elements.child(profileInfo, "fixups"), "fixup")) {
            String id = Elements.attr(f, "fixup_id") != null ? Elements.attr(f, "fixup_id") : Elements.attr(f, "id");
            String name = Elements.childText(f, "display_name");
            if (id != null && name != null) {
                fixupNames.put(id, name);
            }
        }
        Map<String, Integer> pageNumbers = new HashMap<>();
        for (Element page : Elements.children(Elements.path(root, "document", "pages"), "page")) {
            String id = Elements.attr(page, "id");
            Integer nr = Elements.integer(Elements.attr(page, "nr"));
            if (id != null && nr != null) {
                pageNumbers.put(id, nr);
            }
        }

        FindingCollector out = new FindingCollector();
        List<String> processingErrors = new ArrayList<>();
        List<Map<String, Object>> fixups = new ArrayList<>();
        for (Element child : Elements.children(results)) {
            switch (Elements.localName(child)) {
                case "hits" -> hits(child, rules, conditions, pageNumbers, out);
                case "error" -> {
                    String text = Elements.text(child);
                    processingErrors.add(text == null ? "(no text)" : text);
                    out.add(new Finding(idPrefix + "PROCESSING_ERROR", Severity.INFO,
                            "The preflight tool reported a processing error; its report may be incomplete: "
                                    + (text == null ? "(no text)" : text),
                            0, null, null, "document", null, null, Map.of(), source));
                }
                case "fixup" -> fixups.add(fixup(child, fixupNames));
                default -> {
                    // nohits: rules that were checked and did not fire; nothing to import
                }
            }
        }

        Map<String, Object> sourceInfo = new LinkedHashMap<>();
        Element info = Elements.child(root, "information");
        String product = Elements.childText(info, "product_name");
        sourceInfo.put("tool", product != null ? product : defaultTool);
        putIfPresent(sourceInfo, "version", Elements.childText(info, "product_version"));
        putIfPresent(sourceInfo, "profile", Elements.childText(profileInfo, "profile_name"));
        putIfPresent(sourceInfo, "date_time", Elements.childText(info, "date_time"));
        putIfPresent(sourceInfo, "report_language", Elements.childText(info, "report_language"));
        putIfPresent(sourceInfo, "file_name", Elements.childText(Elements.path(root, "document", "doc_info"), "filename"));
        if (!processingErrors.isEmpty()) {
            sourceInfo.put("processing_errors", processingErrors);
        }
        if (!fixups.isEmpty()) {
            sourceInfo.put("fixups", fixups);
        }
        return new ImportResult(format, out.findings(), sourceInfo, Map.of());
    }

    private void hits(Element hits, Map<String, Rule> rules, Map<String, String> conditions,
                      Map<String, Integer> pageNumbers, FindingCollector out) throws InvalidReportException {
        String ruleId = Elements.attr(hits, "rule_id");
        Rule rule = ruleId == null ? null : rules.get(ruleId);
        String ruleName = rule != null && rule.displayName() != null ? rule.displayName()
                : "Preflight rule " + (ruleId == null ? "(unnamed)" : ruleId);
        Severity severity = severity(Elements.attr(hits, "severity"));
        String customId = rule == null ? null : rule.customId();
        String id = ImportedIds.of(idPrefix, customId != null ? customId : ruleId, ruleName);

        Map<String, Object> base = new LinkedHashMap<>();
        if (ruleId != null) {
            base.put("rule_id", ruleId);
        }
        if (customId != null) {
            base.put("custom_id", customId);
        }
        if (rule != null && rule.displayComment() != null) {
            base.put("display_comment", rule.displayComment());
        }
        String toolSeverity = Elements.attr(hits, "severity");
        if (toolSeverity != null) {
            base.put("tool_severity", toolSeverity);
        }

        List<Element> hitList = Elements.children(hits, "hit");
        if (hitList.isEmpty()) {
            out.add(new Finding(id, severity, ruleName, 0, null, null, null, null, null, base, source));
            return;
        }
        for (Element hit : hitList) {
            Map<String, Object> details = new LinkedHashMap<>(base);
            String type = Elements.attr(hit, "type");
            List<Map<String, String>> triggers = new ArrayList<>();
            Set<String> values = new LinkedHashSet<>();
            for (Element t : Elements.children(Elements.child(hit, "triggers"), "trigger")) {
                Map<String, String> trigger = new LinkedHashMap<>();
                String conditionId = Elements.attr(t, "condition_id");
                if (conditionId != null) {
                    trigger.put("condition_id", conditionId);
                    String conditionName = conditions.get(conditionId);
                    if (conditionName != null) {
                        trigger.put("condition", conditionName);
                    }
                }
                // XSD 1.09 wraps the value in <value>; real reports put it as text content.
                String value = Elements.childText(t, "value");
                if (value == null && Elements.children(t).isEmpty()) {
                    value = Elements.text(t);
                }
                if (value != null) {
                    trigger.put("value", value);
                    values.add(value);
                }
                triggers.add(trigger);
            }
            if (!triggers.isEmpty()) {
                details.put("triggers", triggers);
            }
            for (Element state : Elements.children(hit)) {
                String name = Elements.localName(state);
                if (name.endsWith("state")) {
                    Map<String, String> attrs = attributes(state);
                    if (!attrs.isEmpty()) {
                        details.put(name, attrs);
                    }
                }
            }
            String annotId = Elements.attr(hit, "annot_id");
            if (annotId != null) {
                details.put("annot_id", annotId);
            }

            int page = "DocumentInfo".equals(type) ? 0 : page(Elements.attr(hit, "page"), pageNumbers);
            List<Double> bbox = null;
            Double llx = Elements.number(Elements.attr(hit, "llx"));
            Double lly = Elements.number(Elements.attr(hit, "lly"));
            Double urx = Elements.number(Elements.attr(hit, "urx"));
            Double ury = Elements.number(Elements.attr(hit, "ury"));
            if (page > 0 && llx != null && lly != null && urx != null && ury != null) {
                bbox = Finding.box(llx, lly, urx, ury);
            }
            String message = values.isEmpty() ? ruleName : ruleName + " (" + String.join(", ",
                    values.stream().limit(MAX_TRIGGER_VALUES_IN_MESSAGE).toList())
                    + (values.size() > MAX_TRIGGER_VALUES_IN_MESSAGE ? ", ..." : "") + ")";
            out.add(new Finding(id, severity, message, page, bbox, null, type, null, null, details, source));
        }
    }

    /** {@code PAGn} resolves through document/pages (else n); a bare number is already the 1-based page. */
    static int page(String ref, Map<String, Integer> pageNumbers) {
        if (ref == null) {
            return 0;
        }
        Integer resolved = pageNumbers.get(ref);
        if (resolved != null) {
            return Math.max(resolved, 0);
        }
        String digits = ref.regionMatches(true, 0, "PAG", 0, 3) ? ref.substring(3) : ref;
        Integer n = Elements.integer(digits);
        return n == null || n < 0 ? 0 : n;
    }

    static Severity severity(String text) {
        if (text == null) {
            return Severity.WARNING;
        }
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "error" -> Severity.ERROR;
            case "info", "information" -> Severity.INFO;
            default -> Severity.WARNING;
        };
    }

    private static Map<String, Object> fixup(Element fixup, Map<String, String> names) {
        Map<String, Object> f = new LinkedHashMap<>();
        String id = Elements.attr(fixup, "fixup_id");
        if (id != null) {
            f.put("fixup_id", id);
            if (names.containsKey(id)) {
                f.put("name", names.get(id));
            }
        }
        Integer count = Elements.integer(Elements.attr(fixup, "count"));
        if (count != null) {
            f.put("count", count);
        }
        Integer failed = Elements.integer(Elements.attr(fixup, "count_fail"));
        if (failed != null) {
            f.put("count_fail", failed);
        }
        putIfPresent(f, "status", Elements.attr(fixup, "severity"));
        return f;
    }

    private static Map<String, String> attributes(Element e) {
        Map<String, String> result = new LinkedHashMap<>();
        var attrs = e.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            Node a = attrs.item(i);
            if (!"xmlns".equals(a.getPrefix()) && !"xmlns".equals(a.getNodeName())) {
                result.put(Elements.localName(a), a.getNodeValue());
            }
        }
        return result;
    }

    private static void putIfPresent(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }
}
