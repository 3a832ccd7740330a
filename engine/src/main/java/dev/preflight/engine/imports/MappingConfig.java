package dev.preflight.engine.imports;

import com.jayway.jsonpath.InvalidPathException;
import com.jayway.jsonpath.JsonPath;
import dev.preflight.engine.Severity;

import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import javax.xml.xpath.XPathFactoryConfigurationException;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A validated custom import mapping config (grammar in docs/imports.md): which items are findings and where each
 * finding field comes from.
 */
record MappingConfig(String format, String itemSelector, Map<String, FieldSpec> fields,
                     Map<String, Severity> severityMap, Severity defaultSeverity, Map<String, String> namespaces) {

    static final String XML = "xml";
    static final String JSON = "json";

    static final Set<String> CONFIG_KEYS = Set.of("item_selector", "fields", "severity_map", "default_severity",
            "namespaces");
    static final Set<String> FIELD_NAMES = Set.of("inspection_id", "severity", "message", "page_num", "bbox",
            "object_id", "object_type", "category", "iso_clause");
    static final String DETAILS_PREFIX = "details.";
    static final Set<String> SPEC_KEYS = Set.of("selector", "selectors", "parse", "format", "default", "unit");
    static final Set<String> BBOX_FORMATS = Set.of("space_xywh", "space_xyxy", "comma_xywh", "comma_xyxy",
            "array_xywh", "array_xyxy", "xywh", "xyxy");
    static final Set<String> PAGE_FORMATS = Set.of("one_based", "zero_based");
    static final Map<String, Double> UNITS = Map.of("pt", 1.0, "mm", 72.0 / 25.4, "cm", 72.0 / 2.54, "in", 72.0);

    enum Parse { INT, FLOAT, STRING, BOOL }

    /**
     * Where one finding field comes from.
     *
     * @param selector   one XPath/JSONPath relative to the item; null for a constant field
     * @param selectors  four selectors for a bbox built from separate values; null otherwise
     * @param parse      value type (page_num and details.* only); null means the field's natural type
     * @param format     bbox layout or page numbering; null means the default
     * @param defaultValue used when the selector yields nothing
     * @param unitFactor points per unit of a bbox (1 for pt)
     */
    record FieldSpec(String selector, List<String> selectors, Parse parse, String format, Object defaultValue,
                     double unitFactor) {
    }

    static String normaliseFormat(String format) {
        if (format == null || format.isBlank()) {
            return XML;
        }
        String f = format.strip().toLowerCase(Locale.ROOT);
        if (!f.equals(XML) && !f.equals(JSON)) {
            throw new InvalidMappingConfigException("format must be \"xml\" or \"json\", not \"" + format + "\"");
        }
        return f;
    }

    static MappingConfig parse(String format, Map<String, Object> config) {
        String f = normaliseFormat(format);
        if (config == null) {
            throw new InvalidMappingConfigException("config is required");
        }
        for (String key : config.keySet()) {
            if (!CONFIG_KEYS.contains(key)) {
                throw new InvalidMappingConfigException("config has unknown key \"" + key + "\"; allowed: "
                        + String.join(", ", CONFIG_KEYS.stream().sorted().toList()));
            }
        }
        Map<String, String> namespaces = namespaces(f, config.get("namespaces"));
        Object item = config.get("item_selector");
        if (!(item instanceof String itemSelector) || itemSelector.isBlank()) {
            throw new InvalidMappingConfigException("config.item_selector is required: "
                    + (f.equals(XML) ? "an XPath" : "a JSONPath") + " that selects the finding items");
        }
        checkSelector(f, itemSelector.strip(), "config.item_selector", namespaces);

        if (!(config.get("fields") instanceof Map<?, ?> rawFields)) {
            throw new InvalidMappingConfigException("config.fields is required: an object mapping finding fields "
                    + "(message, severity, page_num, bbox, ...) to {\"selector\": ...}");
        }
        Map<String, FieldSpec> fields = new LinkedHashMap<>();
        for (var e : rawFields.entrySet()) {
            String name = String.valueOf(e.getKey());
            String canonical = name.equals("page") ? "page_num" : name;
            if (!FIELD_NAMES.contains(canonical) && !(canonical.startsWith(DETAILS_PREFIX)
                    && canonical.length() > DETAILS_PREFIX.length())) {
                throw new InvalidMappingConfigException("config.fields has unknown field \"" + name + "\"; allowed: "
                        + String.join(", ", FIELD_NAMES.stream().sorted().toList()) + ", or details.<name>");
            }
            if (fields.containsKey(canonical)) {
                throw new InvalidMappingConfigException("config.fields maps \"" + canonical + "\" twice");
            }
            fields.put(canonical, fieldSpec(f, canonical, "config.fields." + name, e.getValue(), namespaces));
        }
        if (!fields.containsKey("message")) {
            throw new InvalidMappingConfigException("config.fields.message is required (a selector or a default): "
                    + "every finding needs a message");
        }

        Map<String, Severity> severityMap = new LinkedHashMap<>();
        Object rawMap = config.get("severity_map");
        if (rawMap != null) {
            if (!(rawMap instanceof Map<?, ?> m)) {
                throw new InvalidMappingConfigException("config.severity_map must be an object mapping source codes "
                        + "to error, warning, advisory or info");
            }
            for (var e : m.entrySet()) {
                Severity s = e.getValue() instanceof String str ? Severity.parse(str) : null;
                if (s == null) {
                    throw new InvalidMappingConfigException("config.severity_map.\"" + e.getKey() + "\" must be one "
                            + "of error, warning, advisory, info (found " + describe(e.getValue()) + ")");
                }
                severityMap.put(String.valueOf(e.getKey()), s);
            }
        }
        Severity defaultSeverity = Severity.WARNING;
        Object rawDefault = config.get("default_severity");
        if (rawDefault != null) {
            defaultSeverity = rawDefault instanceof String str ? Severity.parse(str) : null;
            if (defaultSeverity == null) {
                throw new InvalidMappingConfigException("config.default_severity must be one of error, warning, "
                        + "advisory, info (found " + describe(rawDefault) + ")");
            }
        }
        return new MappingConfig(f, itemSelector.strip(), Collections.unmodifiableMap(fields),
                Collections.unmodifiableMap(severityMap), defaultSeverity, namespaces);
    }

    private static FieldSpec fieldSpec(String format, String field, String where, Object raw,
                                       Map<String, String> namespaces) {
        if (raw instanceof String shorthand) {
            raw = Map.of("selector", shorthand);
        }
        if (!(raw instanceof Map<?, ?> spec)) {
            throw new InvalidMappingConfigException(where + " must be a selector string or an object with "
                    + "\"selector\" (found " + describe(raw) + ")");
        }
        for (Object key : spec.keySet()) {
            if (!SPEC_KEYS.contains(String.valueOf(key))) {
                throw new InvalidMappingConfigException(where + " has unknown key \"" + key + "\"; allowed: "
                        + String.join(", ", SPEC_KEYS.stream().sorted().toList()));
            }
        }
        String selector = null;
        Object rawSelector = spec.get("selector");
        if (rawSelector != null) {
            if (!(rawSelector instanceof String s) || s.isBlank()) {
                throw new InvalidMappingConfigException(where + ".selector must be a non-empty string");
            }
            selector = s.strip();
            checkSelector(format, selector, where + ".selector", namespaces);
        }
        List<String> selectors = null;
        Object rawSelectors = spec.get("selectors");
        if (rawSelectors != null) {
            if (!field.equals("bbox")) {
                throw new InvalidMappingConfigException(where + ".selectors is only for bbox (four selectors for "
                        + "x0 y0 x1 y1, or x y w h)");
            }
            if (selector != null) {
                throw new InvalidMappingConfigException(where + " has both selector and selectors; use one");
            }
            if (!(rawSelectors instanceof List<?> list) || list.size() != 4
                    || !list.stream().allMatch(s -> s instanceof String str && !str.isBlank())) {
                throw new InvalidMappingConfigException(where + ".selectors must be a list of exactly 4 selectors");
            }
            selectors = list.stream().map(s -> ((String) s).strip()).toList();
            for (int i = 0; i < 4; i++) {
                checkSelector(format, selectors.get(i), where + ".selectors[" + i + "]", namespaces);
            }
        }
        Object defaultValue = spec.get("default");
        if (selector == null && selectors == null && defaultValue == null) {
            throw new InvalidMappingConfigException(where + " needs a selector or a default");
        }
        if (defaultValue != null && !(defaultValue instanceof String || defaultValue instanceof Number
                || defaultValue instanceof Boolean || (field.equals("bbox") && defaultValue instanceof List<?>))) {
            throw new InvalidMappingConfigException(where + ".default must be a string, number or boolean");
        }

        Parse parse = null;
        Object rawParse = spec.get("parse");
        if (rawParse != null) {
            if (!field.equals("page_num") && !field.startsWith(DETAILS_PREFIX)) {
                throw new InvalidMappingConfigException(where + ".parse is only used for page_num and details.* "
                        + "fields; the other fields are text or fixed types");
            }
            try {
                parse = Parse.valueOf(String.valueOf(rawParse).strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InvalidMappingConfigException(where + ".parse must be one of int, float, string, bool "
                        + "(found " + describe(rawParse) + ")");
            }
        }

        String fmt = spec.get("format") == null ? null : String.valueOf(spec.get("format")).strip()
                .toLowerCase(Locale.ROOT);
        double unitFactor = 1.0;
        switch (field) {
            case "bbox" -> {
                boolean constant = selector == null && selectors == null;
                if (defaultValue != null && !(defaultValue instanceof List<?> d && d.size() == 4
                        && d.stream().allMatch(Number.class::isInstance))) {
                    throw new InvalidMappingConfigException(where + ".default must be a list of 4 numbers "
                            + "[x0, y0, x1, y1] in points");
                }
                if (fmt == null) {
                    fmt = selectors != null || constant ? "xyxy" : null;
                }
                if (fmt == null || !BBOX_FORMATS.contains(fmt)) {
                    throw new InvalidMappingConfigException(where + ".format must be one of "
                            + String.join(", ", BBOX_FORMATS.stream().sorted().toList()) + " (found "
                            + describe(spec.get("format")) + ")");
                }
                boolean fourSelectors = fmt.equals("xywh") || fmt.equals("xyxy");
                if (fourSelectors != (selectors != null) && (selector != null || selectors != null)) {
                    throw new InvalidMappingConfigException(where + ": format " + fmt + (fourSelectors
                            ? " needs \"selectors\" (four of them)" : " needs one \"selector\""));
                }
                Object unit = spec.get("unit");
                if (unit != null) {
                    Double factor = UNITS.get(String.valueOf(unit).strip().toLowerCase(Locale.ROOT));
                    if (factor == null) {
                        throw new InvalidMappingConfigException(where + ".unit must be one of pt, mm, cm, in "
                                + "(found " + describe(unit) + ")");
                    }
                    unitFactor = factor;
                }
            }
            case "page_num" -> {
                if (fmt != null && !PAGE_FORMATS.contains(fmt)) {
                    throw new InvalidMappingConfigException(where + ".format must be one_based (default) or "
                            + "zero_based (found " + describe(spec.get("format")) + ")");
                }
                if (parse != null && parse != Parse.INT && parse != Parse.FLOAT) {
                    throw new InvalidMappingConfigException(where + ".parse must be int or float for a page");
                }
                if (spec.get("unit") != null) {
                    throw new InvalidMappingConfigException(where + ".unit is only used for bbox");
                }
            }
            default -> {
                if (fmt != null) {
                    throw new InvalidMappingConfigException(where + ".format is only used for bbox and page_num");
                }
                if (spec.get("unit") != null) {
                    throw new InvalidMappingConfigException(where + ".unit is only used for bbox");
                }
            }
        }
        return new FieldSpec(selector, selectors, parse, fmt, defaultValue, unitFactor);
    }

    private static Map<String, String> namespaces(String format, Object raw) {
        if (raw == null) {
            return Map.of();
        }
        if (!format.equals(XML)) {
            throw new InvalidMappingConfigException("config.namespaces is only used for xml mappings");
        }
        if (!(raw instanceof Map<?, ?> m)) {
            throw new InvalidMappingConfigException("config.namespaces must be an object mapping prefixes to "
                    + "namespace URIs");
        }
        Map<String, String> result = new LinkedHashMap<>();
        for (var e : m.entrySet()) {
            String prefix = String.valueOf(e.getKey());
            if (!prefix.matches("[A-Za-z_][A-Za-z0-9_.-]*") || !(e.getValue() instanceof String uri) || uri.isBlank()) {
                throw new InvalidMappingConfigException("config.namespaces.\"" + prefix + "\" must map a valid "
                        + "prefix to a namespace URI string");
            }
            result.put(prefix, uri.strip());
        }
        return Collections.unmodifiableMap(result);
    }

    private static void checkSelector(String format, String selector, String where, Map<String, String> namespaces) {
        if (format.equals(XML)) {
            checkXPathPredicates(selector, where);
            try {
                newXPath(namespaces).compile(selector);
            } catch (XPathExpressionException e) {
                throw new InvalidMappingConfigException(where + " is not a valid XPath: " + selector
                        + rootMessage(e), e);
            }
        } else {
            // Regular-expression filters can backtrack catastrophically, and Java regex cannot be interrupted.
            if (selector.contains("=~")) {
                throw new InvalidMappingConfigException(where + ": regular-expression filters (=~) are not "
                        + "allowed in selectors");
            }
            try {
                JsonPath.compile(selector);
            } catch (InvalidPathException | IllegalArgumentException e) {
                throw new InvalidMappingConfigException(where + " is not a valid JSONPath: " + selector
                        + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"), e);
            }
        }
    }

    private static final Pattern FORBIDDEN_AXIS = Pattern.compile(
            "\\b(descendant|descendant-or-self|ancestor|ancestor-or-self|preceding|preceding-sibling|following"
                    + "|following-sibling|parent)\\s*::");
    private static final Pattern SIBLING_SCAN = Pattern.compile("\\b(preceding|following)(-sibling)?\\s*::");
    private static final Pattern DESCENDANT_AXIS = Pattern.compile("\\bdescendant(-or-self)?\\s*::");
    private static final Pattern ABSOLUTE_PATH = Pattern.compile("(^|[\\[(,=<>|+!]|\\b(and|or|div|mod))\\s*/");

    /**
     * XPath evaluation cannot be interrupted, so predicates may only look down from their node (child steps,
     * attributes, functions, literals): a predicate that scans the whole document or its neighbours turns one
     * evaluation quadratic.
     */
    static void checkXPathPredicates(String selector, String where) {
        StringBuilder predicates = new StringBuilder();
        StringBuilder outside = new StringBuilder();
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < selector.length(); i++) {
            char c = selector.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                    if (depth > 0) {
                        predicates.append("''");
                    }
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                if (depth == 0) {
                    outside.append("''");
                }
                continue;
            }
            if (c == '[') {
                depth++;
            }
            if (depth > 0) {
                predicates.append(c);
            } else if (c != ']') {
                outside.append(c);
            }
            if (c == ']') {
                depth = Math.max(0, depth - 1);
                if (depth == 0) {
                    predicates.append(' ');
                }
            }
        }
        String o = outside.toString();
        if (SIBLING_SCAN.matcher(o).find()) {
            throw new InvalidMappingConfigException(where + ": the preceding and following axes are not allowed "
                    + "(they scan the rest of the document for every node; found: " + selector + ")");
        }
        int descents = 0;
        for (int i = o.indexOf("//"); i >= 0; i = o.indexOf("//", i + 2)) {
            descents++;
        }
        var named = DESCENDANT_AXIS.matcher(o);
        while (named.find()) {
            descents++;
        }
        if (descents > 1) {
            throw new InvalidMappingConfigException(where + ": at most one '//' (or descendant axis) per selector; "
                    + "each further one multiplies the work by the depth of the report (found: " + selector + ")");
        }
        String p = predicates.toString();
        if (p.contains("//") || p.contains("..") || FORBIDDEN_AXIS.matcher(p).find()
                || ABSOLUTE_PATH.matcher(p).find()) {
            throw new InvalidMappingConfigException(where + ": predicates ([...]) may only use attributes, child "
                    + "paths, functions and literals; '//', '..', absolute paths and the ancestor, parent, descendant, "
                    + "preceding and following axes are not allowed inside [...] (found: " + selector + ")");
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? "" : " (" + t.getMessage() + ")";
    }

    /** A fresh XPath (not thread-safe) with secure processing and the mapping's namespace prefixes. */
    static XPath newXPath(Map<String, String> namespaces) {
        XPathFactory factory = XPathFactory.newInstance();
        try {
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        } catch (XPathFactoryConfigurationException e) {
            throw new IllegalStateException("the JDK XPath factory refuses secure processing", e);
        }
        XPath xpath = factory.newXPath();
        xpath.setNamespaceContext(new NamespaceContext() {
            @Override
            public String getNamespaceURI(String prefix) {
                return namespaces.getOrDefault(prefix, XMLConstants.NULL_NS_URI);
            }

            @Override
            public String getPrefix(String namespaceURI) {
                return null;
            }

            @Override
            public Iterator<String> getPrefixes(String namespaceURI) {
                return Collections.emptyIterator();
            }
        });
        return xpath;
    }

    private static String describe(Object value) {
        if (value == null) {
            return "nothing";
        }
        return value instanceof String s ? "\"" + s + "\"" : value.toString();
    }
}
