package dev.preflight.engine.imports;

import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.JsonPathException;
import com.jayway.jsonpath.Option;
import com.jayway.jsonpath.PathNotFoundException;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpression;
import javax.xml.xpath.XPathExpressionException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Imports a report in any XML or JSON layout through a tenant's custom mapping: {@code item_selector} picks the
 * finding items, {@code fields} say where each finding field is inside an item (grammar in docs/imports.md).
 */
public final class CustomMappingImporter {

    /** The format value of every custom import. */
    public static final String FORMAT = "custom";

    /** Axes and forms that reach outside the item; when a mapping uses none, items are evaluated detached (fast). */
    private static final Pattern OUTSIDE_ITEM = Pattern.compile(
            "^\\s*/|\\.\\.|ancestor|parent::|preceding|following|\\bid\\s*\\(");

    private final String mappingId;
    private final MappingConfig config;
    private final String source;

    /**
     * @param mappingId the mapping's id, appended to the findings' source ({@code external:custom:<id>})
     * @param format    xml or json (null means xml)
     * @throws InvalidMappingConfigException when the config cannot work; the message names the offending key
     */
    public CustomMappingImporter(String mappingId, String format, Map<String, Object> config) {
        if (mappingId == null || mappingId.isBlank()) {
            throw new IllegalArgumentException("mappingId is required");
        }
        this.mappingId = mappingId.strip();
        this.config = MappingConfig.parse(format, config);
        this.source = "external:custom:" + this.mappingId;
    }

    /** Checks a config without building an importer; throws {@link InvalidMappingConfigException} when it is bad. */
    public static void validateConfig(String format, Map<String, Object> config) {
        MappingConfig.parse(format, config);
    }

    /** The mapping's findings for one report; parse failures and selector errors become readable exceptions. */
    public ImportResult parse(byte[] report) throws InvalidReportException {
        List<Finding> findings;
        if (config.format().equals(MappingConfig.XML)) {
            Document document = ReportXml.parse(report, "report");
            findings = SelectorEvaluation.run(() -> new XmlItems(document).findings());
        } else {
            Object root = ReportJson.MAPPER.convertValue(ReportJson.parse(report, "report"), Object.class);
            findings = SelectorEvaluation.run(() -> new JsonItems(root).findings());
        }
        Map<String, Object> sourceInfo = new LinkedHashMap<>();
        sourceInfo.put("mapping_id", mappingId);
        return new ImportResult(FORMAT, findings, sourceInfo, Map.of());
    }

    /** Selector access to one report, XML or JSON; a value is a String, Number, Boolean, or null when missing. */
    private abstract class Items {

        abstract List<Object> items() throws InvalidReportException;

        abstract Object value(Object item, String selector, String field) throws InvalidReportException;

        abstract List<Object> values(Object item, String selector, String field) throws InvalidReportException;

        List<Finding> findings() throws InvalidReportException {
            List<Object> items = items();
            if (items.size() > ImportLimits.MAX_FINDINGS) {
                throw new InvalidReportException("item_selector matched " + items.size() + " items; the limit is "
                        + ImportLimits.MAX_FINDINGS);
            }
            FindingCollector out = new FindingCollector();
            int index = 0;
            for (Object item : items) {
                index++;
                SelectorEvaluation.checkDeadline();
                out.add(finding(item, index));
            }
            return out.findings();
        }

        private Finding finding(Object item, int index) throws InvalidReportException {
            String where = "item " + index + ": ";
            String message = text(scalar(item, "message"));
            if (message == null) {
                throw new InvalidReportException(where + "message selector \""
                        + config.fields().get("message").selector() + "\" matched nothing and there is no default");
            }
            Severity severity = severity(scalar(item, "severity"));
            String id = ImportedIds.of(ImportedIds.CUSTOM, text(scalar(item, "inspection_id")), message);
            int page = page(scalar(item, "page_num"), where);
            List<Double> bbox = bbox(item, where);
            Map<String, Object> details = new LinkedHashMap<>();
            for (var e : config.fields().entrySet()) {
                if (e.getKey().startsWith(MappingConfig.DETAILS_PREFIX)) {
                    Object v = scalar(item, e.getKey());
                    if (v != null) {
                        details.put(e.getKey().substring(MappingConfig.DETAILS_PREFIX.length()),
                                typed(v, e.getValue().parse(), where + e.getKey()));
                    }
                }
            }
            return new Finding(id, severity, message, page, bbox, text(scalar(item, "object_id")),
                    text(scalar(item, "object_type")), text(scalar(item, "category")),
                    text(scalar(item, "iso_clause")), details, source);
        }

        /** The field's value from its selector, else its default, else null. */
        private Object scalar(Object item, String field) throws InvalidReportException {
            MappingConfig.FieldSpec spec = config.fields().get(field);
            if (spec == null) {
                return null;
            }
            Object v = spec.selector() == null ? null : value(item, spec.selector(), field);
            if (v instanceof String s && s.isBlank()) {
                v = null;
            }
            return v != null ? v : spec.defaultValue();
        }

        private Severity severity(Object raw) {
            if (raw == null) {
                return config.defaultSeverity();
            }
            String code = text(raw);
            Severity mapped = config.severityMap().get(code);
            if (mapped == null) {
                for (var e : config.severityMap().entrySet()) {
                    if (e.getKey().equalsIgnoreCase(code)) {
                        mapped = e.getValue();
                        break;
                    }
                }
            }
            if (mapped == null) {
                mapped = Severity.parse(code);
            }
            return mapped != null ? mapped : config.defaultSeverity();
        }

        private int page(Object raw, String where) throws InvalidReportException {
            if (raw == null) {
                return 0;
            }
            Double d = raw instanceof Number n ? (Double) n.doubleValue() : Elements.number(text(raw));
            if (d == null || d != Math.rint(d) || Math.abs(d) > 1_000_000_000) {
                throw new InvalidReportException(where + "page_num \"" + raw + "\" is not a whole number");
            }
            int page = d.intValue();
            if ("zero_based".equals(config.fields().get("page_num").format())) {
                page += 1;
            }
            return Math.max(page, 0);
        }

        private List<Double> bbox(Object item, String where) throws InvalidReportException {
            MappingConfig.FieldSpec spec = config.fields().get("bbox");
            if (spec == null) {
                return null;
            }
            String format = spec.format();
            List<Object> parts;
            if (spec.selectors() != null) {
                parts = new ArrayList<>();
                for (String s : spec.selectors()) {
                    parts.add(value(item, s, "bbox"));
                }
                if (parts.stream().allMatch(p -> p == null || (p instanceof String str && str.isBlank()))) {
                    parts = null;
                }
            } else if (spec.selector() != null && format.startsWith("array_")) {
                parts = values(item, spec.selector(), "bbox");
                if (parts.isEmpty()) {
                    parts = null;
                }
            } else if (spec.selector() != null) {
                String text = text(value(item, spec.selector(), "bbox"));
                parts = text == null || text.isBlank() ? null
                        : new ArrayList<>(List.of(text.strip().split(format.startsWith("comma_") ? "\\s*,\\s*" : "\\s+")));
            } else {
                parts = null;
            }
            if (parts == null) {
                if (spec.defaultValue() instanceof List<?> d) {
                    parts = new ArrayList<>(d);
                    format = "xyxy";
                } else {
                    return null;
                }
            }
            if (parts.size() != 4) {
                throw new InvalidReportException(where + "bbox needs 4 numbers, found " + parts.size() + " " + parts);
            }
            double[] n = new double[4];
            for (int i = 0; i < 4; i++) {
                Object p = parts.get(i);
                Double d = p instanceof Number num ? (Double) num.doubleValue() : Elements.number(text(p));
                if (d == null || !Double.isFinite(d)) {
                    throw new InvalidReportException(where + "bbox value \"" + p + "\" is not a number");
                }
                n[i] = d * spec.unitFactor();
            }
            return format.endsWith("xywh") ? Finding.box(n[0], n[1], n[0] + n[2], n[1] + n[3])
                    : Finding.box(n[0], n[1], n[2], n[3]);
        }
    }

    private static String text(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        String s = v.toString().strip();
        return s.isEmpty() ? null : s;
    }

    private static Object typed(Object v, MappingConfig.Parse parse, String where) throws InvalidReportException {
        if (parse == null) {
            return v instanceof String s ? s.strip() : v;
        }
        String t = text(v);
        switch (parse) {
            case STRING -> {
                return t;
            }
            case INT -> {
                Double d = v instanceof Number n ? (Double) n.doubleValue() : Elements.number(t);
                if (d == null || d != Math.rint(d) || Math.abs(d) > Long.MAX_VALUE / 2.0) {
                    throw new InvalidReportException(where + " \"" + v + "\" is not an integer");
                }
                long l = d.longValue();
                return l == (int) l ? (Object) (int) l : (Object) l;
            }
            case FLOAT -> {
                Double d = v instanceof Number n ? (Double) n.doubleValue() : Elements.number(t);
                if (d == null) {
                    throw new InvalidReportException(where + " \"" + v + "\" is not a number");
                }
                return d;
            }
            case BOOL -> {
                if (v instanceof Boolean b) {
                    return b;
                }
                String s = t == null ? "" : t.toLowerCase(Locale.ROOT);
                return switch (s) {
                    case "true", "yes", "1", "y" -> true;
                    case "false", "no", "0", "n" -> false;
                    default -> throw new InvalidReportException(where + " \"" + v + "\" is not a boolean");
                };
            }
            default -> throw new IllegalStateException(parse.toString());
        }
    }

    /** One step of a plain child/attribute path: the selectors most mappings use, evaluated without XPath. */
    private record Step(Kind kind, String namespace, String localName) {
        enum Kind { SELF, CHILD, ANY_CHILD, ATTRIBUTE, TEXT }
    }

    private static final Pattern QNAME = Pattern.compile("[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?");

    /**
     * The steps of a plain path ({@code a/b}, {@code ./a/@b}, {@code *}{@code /text()}), or null when the selector
     * needs real XPath. Same result as XPath's string value of the first match in document order.
     */
    private static List<Step> plainPath(String selector, Map<String, String> namespaces) {
        String[] parts = selector.strip().split("/", -1);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].strip();
            boolean last = i == parts.length - 1;
            if (part.equals(".")) {
                steps.add(new Step(Step.Kind.SELF, null, null));
            } else if (part.equals("*")) {
                steps.add(new Step(Step.Kind.ANY_CHILD, null, null));
            } else if (part.equals("text()") && last) {
                steps.add(new Step(Step.Kind.TEXT, null, null));
            } else if (part.startsWith("@") && last && QNAME.matcher(part.substring(1)).matches()) {
                Step named = named(Step.Kind.ATTRIBUTE, part.substring(1), namespaces);
                if (named == null) {
                    return null;
                }
                steps.add(named);
            } else if (QNAME.matcher(part).matches()) {
                Step named = named(Step.Kind.CHILD, part, namespaces);
                if (named == null) {
                    return null;
                }
                steps.add(named);
            } else {
                return null;
            }
        }
        return steps;
    }

    private static Step named(Step.Kind kind, String qname, Map<String, String> namespaces) {
        int colon = qname.indexOf(':');
        if (colon < 0) {
            return new Step(kind, null, qname);
        }
        String uri = namespaces.get(qname.substring(0, colon));
        return uri == null ? null : new Step(kind, uri, qname.substring(colon + 1));
    }

    private static String follow(Node node, List<Step> steps, int index) {
        if (index == steps.size()) {
            return node.getNodeType() == Node.ATTRIBUTE_NODE ? node.getNodeValue() : node.getTextContent();
        }
        Step step = steps.get(index);
        switch (step.kind()) {
            case SELF -> {
                return follow(node, steps, index + 1);
            }
            case ATTRIBUTE -> {
                if (!(node instanceof org.w3c.dom.Element e)) {
                    return null;
                }
                org.w3c.dom.Attr a = step.namespace() == null ? e.getAttributeNodeNS(null, step.localName())
                        : e.getAttributeNodeNS(step.namespace(), step.localName());
                return a == null ? null : a.getValue();
            }
            case TEXT -> {
                for (Node c = node.getFirstChild(); c != null; c = c.getNextSibling()) {
                    if (c.getNodeType() == Node.TEXT_NODE || c.getNodeType() == Node.CDATA_SECTION_NODE) {
                        return c.getNodeValue();
                    }
                }
                return null;
            }
            default -> {
                for (Node c = node.getFirstChild(); c != null; c = c.getNextSibling()) {
                    if (c.getNodeType() != Node.ELEMENT_NODE) {
                        continue;
                    }
                    if (step.kind() == Step.Kind.CHILD && !(step.localName().equals(c.getLocalName())
                            && java.util.Objects.equals(step.namespace(), c.getNamespaceURI()))) {
                        continue;
                    }
                    String found = follow(c, steps, index + 1);
                    if (found != null) {
                        return found;
                    }
                }
                return null;
            }
        }
    }

    /** XPath over the parsed report; selectors are compiled on the evaluating thread (XPath is not thread-safe). */
    private final class XmlItems extends Items {

        private final Document document;
        private final XPath xpath = MappingConfig.newXPath(config.namespaces());
        private final Map<String, XPathExpression> compiled = new HashMap<>();
        private final Map<String, List<Step>> plain = new HashMap<>();
        private final boolean detach;

        XmlItems(Document document) {
            this.document = document;
            boolean outside = false;
            boolean allPlain = true;
            for (MappingConfig.FieldSpec spec : config.fields().values()) {
                List<String> all = spec.selectors() != null ? spec.selectors()
                        : spec.selector() != null ? List.of(spec.selector()) : List.of();
                for (String s : all) {
                    outside |= OUTSIDE_ITEM.matcher(s).find();
                    List<Step> steps = plainPath(s, config.namespaces());
                    if (steps != null) {
                        plain.put(s, steps);
                    } else {
                        allPlain = false;
                    }
                }
            }
            // Each javax.xml.xpath evaluation costs a fresh context and a walk of the context node's whole tree:
            // plain paths skip XPath, and a detached copy of the item keeps the rest cheap when no selector needs
            // the rest of the report.
            this.detach = !outside && !allPlain;
        }

        private XPathExpression expression(String selector) throws InvalidReportException {
            XPathExpression e = compiled.get(selector);
            if (e == null) {
                try {
                    e = xpath.compile(selector);
                } catch (XPathExpressionException ex) {
                    throw new InvalidReportException("selector \"" + selector + "\" is not a valid XPath", ex);
                }
                compiled.put(selector, e);
            }
            return e;
        }

        @Override
        List<Object> items() throws InvalidReportException {
            NodeList nodes;
            try {
                nodes = (NodeList) expression(config.itemSelector()).evaluate(document, XPathConstants.NODESET);
            } catch (XPathExpressionException e) {
                throw new InvalidReportException("item_selector \"" + config.itemSelector()
                        + "\" does not select nodes: " + reason(e), e);
            }
            if (nodes.getLength() > ImportLimits.MAX_FINDINGS) {
                throw new InvalidReportException("item_selector matched " + nodes.getLength()
                        + " items; the limit is " + ImportLimits.MAX_FINDINGS);
            }
            List<Object> items = new ArrayList<>(nodes.getLength());
            for (int i = 0; i < nodes.getLength(); i++) {
                Node n = nodes.item(i);
                items.add(detach ? n.cloneNode(true) : n);
            }
            return items;
        }

        @Override
        Object value(Object item, String selector, String field) throws InvalidReportException {
            List<Step> steps = plain.get(selector);
            if (steps != null) {
                String s = follow((Node) item, steps, 0);
                return s == null || s.isBlank() ? null : s.strip();
            }
            try {
                String s = (String) expression(selector).evaluate(item, XPathConstants.STRING);
                return s == null || s.isBlank() ? null : s.strip();
            } catch (XPathExpressionException e) {
                throw new InvalidReportException("fields." + field + " selector \"" + selector + "\" failed: "
                        + reason(e), e);
            }
        }

        @Override
        List<Object> values(Object item, String selector, String field) throws InvalidReportException {
            try {
                NodeList nodes = (NodeList) expression(selector).evaluate(item, XPathConstants.NODESET);
                List<Object> result = new ArrayList<>();
                for (int i = 0; i < nodes.getLength() && i < 8; i++) {
                    result.add(nodes.item(i).getTextContent());
                }
                return result;
            } catch (XPathExpressionException e) {
                throw new InvalidReportException("fields." + field + " selector \"" + selector
                        + "\" must select nodes for an array_ format: " + reason(e), e);
            }
        }

        private static String reason(XPathExpressionException e) {
            Throwable t = e;
            while (t.getCause() != null && t.getCause() != t) {
                t = t.getCause();
            }
            return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        }
    }

    /** JSONPath over the parsed report, through a provider that honours the deadline. */
    private final class JsonItems extends Items {

        private final Object root;
        private final Configuration jsonPath = Configuration.builder()
                .jsonProvider(new BoundedJsonProvider())
                .options(Option.DEFAULT_PATH_LEAF_TO_NULL)
                .build();
        private final Map<String, JsonPath> compiled = new HashMap<>();

        JsonItems(Object root) {
            this.root = root;
        }

        private Object read(Object target, String selector, String what) throws InvalidReportException {
            try {
                JsonPath path = compiled.computeIfAbsent(selector, JsonPath::compile);
                return path.read(target, jsonPath);
            } catch (PathNotFoundException e) {
                return null;
            } catch (BoundedJsonProvider.SelectorResultTooLarge e) {
                throw new InvalidReportException(what + " selector \"" + selector + "\" matched more than "
                        + ImportLimits.MAX_FINDINGS + " values");
            } catch (JsonPathException e) {
                throw new InvalidReportException(what + " selector \"" + selector + "\" failed: " + e.getMessage(), e);
            }
        }

        @Override
        List<Object> items() throws InvalidReportException {
            Object result = read(root, config.itemSelector(), "item_selector");
            if (result == null) {
                return List.of();
            }
            if (result instanceof List<?> list) {
                return new ArrayList<>(list);
            }
            return List.of(result);
        }

        @Override
        Object value(Object item, String selector, String field) throws InvalidReportException {
            Object v = read(item, selector, "fields." + field);
            if (v instanceof List<?> list) {
                v = list.isEmpty() ? null : list.getFirst();
            }
            if (v instanceof Map<?, ?> || v instanceof List<?>) {
                throw new InvalidReportException("fields." + field + " selector \"" + selector
                        + "\" selects an object or array, expected a single value");
            }
            return v;
        }

        @Override
        List<Object> values(Object item, String selector, String field) throws InvalidReportException {
            Object v = read(item, selector, "fields." + field);
            if (v == null) {
                return List.of();
            }
            if (v instanceof List<?> list) {
                if (list.size() == 1 && list.getFirst() instanceof List<?> inner) {
                    return new ArrayList<>(inner);
                }
                return new ArrayList<>(list);
            }
            throw new InvalidReportException("fields." + field + " selector \"" + selector
                    + "\" must select an array for an array_ format, found " + v);
        }
    }
}
