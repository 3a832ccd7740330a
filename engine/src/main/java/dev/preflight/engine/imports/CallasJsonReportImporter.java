package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Imports callas pdfToolbox JSON reports ({@code --report=JSON} v1 and {@code JSONV2}). No real file has been seen,
 * so key spellings are tolerant: the per-check array is {@code result.checks} or one of its alternatives.
 */
final class CallasJsonReportImporter {

    static final String FORMAT = "preflight_b_json";
    static final String SOURCE = "external:preflight_b";

    private static final String[] CHECK_ARRAYS = {"checks", "hits", "results", "rules"};
    private static final int MAX_TRIGGER_VALUES_IN_MESSAGE = 5;

    private CallasJsonReportImporter() {
    }

    static ImportResult importReport(JsonNode root) throws InvalidReportException {
        JsonNode result = root == null || !root.isObject() ? null : root.get("result");
        if (result == null || !(result.isObject() || result.isArray())) {
            throw new InvalidReportException("preflight_b_json expects a callas pdfToolbox JSON report: an object "
                    + "with \"doc\", \"env\" and a \"result\" object");
        }
        List<JsonNode> checks = checks(result);
        FindingCollector out = new FindingCollector();
        int index = 0;
        for (JsonNode check : checks) {
            index++;
            if (!check.isObject()) {
                throw new InvalidReportException("preflight_b_json: result check " + index + " is not an object");
            }
            check(check, out);
        }

        Map<String, Object> source = new LinkedHashMap<>();
        JsonNode env = root.get("env");
        String tool = text(env, "tool_name", "toolName", "product_name", "productName", "product", "application",
                "name");
        source.put("tool", tool != null ? tool : "callas pdfToolbox");
        putIfPresent(source, "version", text(env, "tool_version", "toolVersion", "product_version", "productVersion",
                "version"));
        JsonNode profile = result.isObject() ? result.get("profile") : null;
        String profileName = profile != null && profile.isObject() ? text(profile, "name", "profile_name", "title")
                : text(result, "profile");
        putIfPresent(source, "profile", profileName);
        JsonNode info = root.get("doc") == null ? null : root.get("doc").get("info");
        putIfPresent(source, "file_name", text(info, "filename", "file_name", "fileName", "name"));
        source.put("report_layout", root.has("steps") ? "json_v1" : "json_v2");
        JsonNode fixups = result.isObject() ? result.get("fixups") : null;
        if (fixups != null && fixups.isArray() && !fixups.isEmpty()) {
            source.put("fixups_reported", fixups.size());
        }
        return new ImportResult(FORMAT, out.findings(), source, Map.of());
    }

    /** The array of fired checks; a process plan reports its results in the last step. */
    private static List<JsonNode> checks(JsonNode result) {
        List<JsonNode> list = new ArrayList<>();
        JsonNode array = result.isArray() ? result : null;
        for (int i = 0; array == null && i < CHECK_ARRAYS.length; i++) {
            JsonNode candidate = result.get(CHECK_ARRAYS[i]);
            if (candidate != null && candidate.isArray()) {
                array = candidate;
            }
        }
        if (array == null && result.get("steps") != null && result.get("steps").isArray()
                && !result.get("steps").isEmpty()) {
            return checks(result.get("steps").get(result.get("steps").size() - 1));
        }
        if (array != null) {
            array.forEach(list::add);
        }
        return list;
    }

    private static void check(JsonNode check, FindingCollector out) throws InvalidReportException {
        String ruleId = text(check, "id", "ruleId", "rule_id", "ruleID");
        String customId = text(check, "customId", "custom_id", "customID");
        String name = text(check, "name", "displayName", "display_name", "rule_name", "ruleName", "message", "title");
        if (name == null) {
            name = "Preflight rule " + (ruleId == null ? "(unnamed)" : ruleId);
        }
        JsonNode severityNode = first(check, "severity", "level");
        Severity severity = severity(severityNode);
        String id = ImportedIds.of(ImportedIds.CALLAS, customId != null ? customId : ruleId, name);

        Map<String, Object> base = new LinkedHashMap<>();
        putIfPresent(base, "rule_id", ruleId);
        putIfPresent(base, "custom_id", customId);
        putIfPresent(base, "display_comment", text(check, "comment", "displayComment", "display_comment"));
        if (severityNode != null && !severityNode.isNull()) {
            base.put("tool_severity", severityNode.isNumber() ? (Object) severityNode.intValue()
                    : severityNode.asString());
        }

        JsonNode hits = first(check, "hits", "hit", "occurrences");
        if (hits != null && hits.isArray() && !hits.isEmpty()) {
            for (JsonNode hit : hits) {
                out.add(hit(hit, id, severity, name, base));
            }
            return;
        }
        JsonNode pages = first(check, "pageNumbers", "page_numbers", "on_pages", "onPages", "pages");
        if (pages != null && pages.isArray() && !pages.isEmpty()) {
            for (JsonNode p : pages) {
                out.add(new Finding(id, severity, name, page(p), null, null, null, null, null, base, SOURCE));
            }
            return;
        }
        out.add(new Finding(id, severity, name, 0, null, null, null, null, null, base, SOURCE));
    }

    private static Finding hit(JsonNode hit, String id, Severity severity, String name, Map<String, Object> base) {
        Map<String, Object> details = new LinkedHashMap<>(base);
        String type = text(hit, "type", "objectType", "object_type");
        int page = "DocumentInfo".equals(type) ? 0 : page(first(hit, "page", "pageNumber", "page_number", "pageIndex"));
        List<Double> bbox = null;
        Double llx = number(hit.get("llx"));
        Double lly = number(hit.get("lly"));
        Double urx = number(hit.get("urx"));
        Double ury = number(hit.get("ury"));
        JsonNode array = hit.get("bbox");
        if (llx == null && array != null && array.isArray() && array.size() == 4) {
            llx = number(array.get(0));
            lly = number(array.get(1));
            urx = number(array.get(2));
            ury = number(array.get(3));
        }
        if (page > 0 && llx != null && lly != null && urx != null && ury != null) {
            bbox = Finding.box(llx, lly, urx, ury);
        }
        Set<String> values = new LinkedHashSet<>();
        JsonNode triggers = hit.get("triggers");
        if (triggers != null && triggers.isArray()) {
            for (JsonNode t : triggers) {
                String v = t.isObject() ? text(t, "value", "values") : (t.isValueNode() ? t.asString() : null);
                if (v != null && !v.isBlank()) {
                    values.add(v.strip());
                }
            }
        }
        if (!values.isEmpty()) {
            details.put("trigger_values", List.copyOf(values));
        }
        String message = values.isEmpty() ? name : name + " (" + String.join(", ",
                values.stream().limit(MAX_TRIGGER_VALUES_IN_MESSAGE).toList())
                + (values.size() > MAX_TRIGGER_VALUES_IN_MESSAGE ? ", ..." : "") + ")";
        return new Finding(id, severity, message, page, bbox, null, type, null, null, details, SOURCE);
    }

    /**
     * Page numbers in callas JSON follow the callas JavaScript result object: numbers are 0-based (+1 here);
     * a pi4-style page id "PAGn" is already 1-based. Anything else is document level.
     */
    static int page(JsonNode node) {
        if (node == null || node.isNull()) {
            return 0;
        }
        if (node.isNumber()) {
            return node.isIntegralNumber() && node.intValue() >= 0 ? node.intValue() + 1 : 0;
        }
        String text = node.isString() ? node.stringValue().strip() : "";
        if (text.regionMatches(true, 0, "PAG", 0, 3)) {
            Integer n = Elements.integer(text.substring(3));
            return n == null || n < 0 ? 0 : n;
        }
        Integer n = Elements.integer(text);
        return n == null || n < 0 ? 0 : n + 1;
    }

    /** 1 = info, 2 = warning, 3 = error (callas JS API), or the words in any case; anything else is a warning. */
    static Severity severity(JsonNode node) {
        if (node == null || node.isNull()) {
            return Severity.WARNING;
        }
        String s = node.isNumber() ? Integer.toString(node.intValue()) : node.asString().strip().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "3", "error", "errors" -> Severity.ERROR;
            case "1", "info", "infos", "information" -> Severity.INFO;
            default -> Severity.WARNING;
        };
    }

    private static JsonNode first(JsonNode node, String... keys) {
        if (node == null || !node.isObject()) {
            return null;
        }
        for (String key : keys) {
            JsonNode v = node.get(key);
            if (v != null && !v.isNull()) {
                return v;
            }
        }
        return null;
    }

    private static String text(JsonNode node, String... keys) {
        if (node == null || !node.isObject()) {
            return null;
        }
        for (String key : keys) {
            JsonNode v = node.get(key);
            if (v != null && (v.isString() || v.isNumber()) && !v.asString().isBlank()) {
                return v.asString().strip();
            }
        }
        return null;
    }

    private static Double number(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        return node.isString() ? Elements.number(node.stringValue()) : null;
    }

    private static void putIfPresent(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }
}
