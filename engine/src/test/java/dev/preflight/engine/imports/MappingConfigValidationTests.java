package dev.preflight.engine.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MappingConfigValidationTests {

    private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(base);
        if (value == null) {
            copy.remove(key);
        } else {
            copy.put(key, value);
        }
        return copy;
    }

    private static Map<String, Object> withField(Map<String, Object> base, String field, Object spec) {
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = new LinkedHashMap<>((Map<String, Object>) base.get("fields"));
        fields.put(field, spec);
        return with(base, "fields", fields);
    }

    private static void rejects(String format, Map<String, Object> config, String... fragments) {
        var assertion = assertThatThrownBy(() -> CustomMappingImporter.validateConfig(format, config))
                .isInstanceOf(InvalidMappingConfigException.class)
                .isInstanceOf(IllegalArgumentException.class);
        for (String fragment : fragments) {
            assertion.hasMessageContaining(fragment);
        }
        // The constructor validates the same way.
        assertThatThrownBy(() -> new CustomMappingImporter("m1", format, config))
                .isInstanceOf(InvalidMappingConfigException.class);
    }

    @Test
    void acceptsTheDocumentedExamples() {
        assertThatCode(() -> CustomMappingImporter.validateConfig("xml", CustomMappingImporterTests.xmlConfig()))
                .doesNotThrowAnyException();
        assertThatCode(() -> CustomMappingImporter.validateConfig("json", CustomMappingImporterTests.jsonConfig()))
                .doesNotThrowAnyException();
    }

    @Test
    void rejectsAnUnknownFormat() {
        rejects("yaml", CustomMappingImporterTests.xmlConfig(), "format must be \"xml\" or \"json\"");
    }

    @Test
    void rejectsMissingPieces() {
        rejects("xml", null, "config is required");
        rejects("xml", with(CustomMappingImporterTests.xmlConfig(), "item_selector", null),
                "config.item_selector is required");
        rejects("xml", with(CustomMappingImporterTests.xmlConfig(), "fields", null), "config.fields is required");
        rejects("json", with(CustomMappingImporterTests.jsonConfig(), "fields", Map.of("severity", "$.level")),
                "config.fields.message is required");
        rejects("json", withField(CustomMappingImporterTests.jsonConfig(), "category", Map.of("parse", "int")),
                "config.fields.category");
    }

    @Test
    void rejectsUnknownKeysAndFields() {
        rejects("xml", with(CustomMappingImporterTests.xmlConfig(), "item_path", "//x"), "unknown key \"item_path\"");
        rejects("xml", withField(CustomMappingImporterTests.xmlConfig(), "colour", "@c"), "unknown field \"colour\"");
        rejects("xml", withField(CustomMappingImporterTests.xmlConfig(), "message", Map.of("selectr", "x")),
                "config.fields.message has unknown key \"selectr\"");
        rejects("xml", withField(CustomMappingImporterTests.xmlConfig(), "message", 42),
                "config.fields.message must be a selector string");
    }

    @Test
    void rejectsInvalidSelectors() {
        rejects("xml", with(CustomMappingImporterTests.xmlConfig(), "item_selector", "//q:Issue[@code="),
                "config.item_selector is not a valid XPath");
        rejects("xml", withField(CustomMappingImporterTests.xmlConfig(), "message", "p:Text"),
                "config.fields.message.selector is not a valid XPath");
        rejects("json", with(CustomMappingImporterTests.jsonConfig(), "item_selector", "$.problems[?(@.a =="),
                "config.item_selector is not a valid JSONPath");
        rejects("json", withField(CustomMappingImporterTests.jsonConfig(), "message", "$.problems[?(@.t =~ /(a+)+$/)]"),
                "regular-expression filters");
    }

    @ParameterizedTest
    @ValueSource(strings = {"//i[count(//i) > 0]", "//i[. = //j]", "//i[../j]", "//i[following::j]",
            "//i[@a and /r/x]", "//i[preceding-sibling::*]", "//i[descendant::j]", "//i[ancestor::r]",
            "//i[a[b = /r/c]]"})
    void rejectsXPathPredicatesThatScanTheDocument(String selector) {
        rejects("xml", with(CustomMappingImporterTests.xmlConfig(), "item_selector", selector),
                "predicates ([...]) may only use");
    }

    @ParameterizedTest
    @ValueSource(strings = {"//i/following::j", "//r//i", "//r/descendant::i", "/r/i/preceding-sibling::i"})
    void rejectsXPathPathsWhoseCostGrowsFasterThanTheReport(String selector) {
        assertThatThrownBy(() -> CustomMappingImporter.validateConfig("xml",
                with(CustomMappingImporterTests.xmlConfig(), "item_selector", selector)))
                .isInstanceOf(InvalidMappingConfigException.class)
                .hasMessageContaining("config.item_selector");
    }

    @ParameterizedTest
    @ValueSource(strings = {"//i[@a='x//y']", "//i[@b='following::x']", ".//i", "ancestor::r/@v", "//i[j/k = 'v']", "/r/i[2]", "//i[count(j) > 1 and @b]",
            "//i[local-name()='x']", "//i[contains(@a, '/')]"})
    void acceptsXPathPredicatesThatLookOnlyDown(String selector) {
        assertThatCode(() -> CustomMappingImporter.validateConfig("xml",
                with(CustomMappingImporterTests.xmlConfig(), "item_selector", selector))).doesNotThrowAnyException();
    }

    @Test
    void rejectsBadBboxSpecs() {
        Map<String, Object> base = CustomMappingImporterTests.jsonConfig();
        rejects("json", withField(base, "bbox", Map.of("selector", "r")), "config.fields.bbox.format must be one of");
        rejects("json", withField(base, "bbox", Map.of("selector", "r", "format", "polar")), "found \"polar\"");
        rejects("json", withField(base, "bbox", Map.of("selector", "r", "format", "array_xyxy", "unit", "px")),
                "config.fields.bbox.unit must be one of pt, mm, cm, in");
        rejects("json", withField(base, "bbox", Map.of("selector", "r", "format", "xywh")), "needs \"selectors\"");
        rejects("json", withField(base, "bbox", Map.of("selectors", List.of("a", "b", "c"))),
                "exactly 4 selectors");
        rejects("json", withField(base, "bbox", Map.of("selectors", List.of("a", "b", "c", "d"),
                "format", "space_xyxy")), "needs one \"selector\"");
        rejects("json", withField(base, "message", Map.of("selector", "m", "unit", "mm")), "unit is only used for bbox");
        rejects("json", withField(base, "bbox", Map.of("default", List.of(1, 2, 3))), "list of 4 numbers");
        assertThatCode(() -> CustomMappingImporter.validateConfig("json",
                withField(base, "bbox", Map.of("default", List.of(0, 0, 612, 792))))).doesNotThrowAnyException();
    }

    @Test
    void rejectsBadPageSpecs() {
        Map<String, Object> base = CustomMappingImporterTests.jsonConfig();
        rejects("json", withField(base, "page", Map.of("selector", "p", "format", "two_based")),
                "one_based (default) or zero_based");
        rejects("json", withField(base, "page", Map.of("selector", "p", "parse", "bool")), "int or float");
        rejects("json", withField(base, "page_num", "p"), "maps \"page_num\" twice");
        rejects("json", withField(base, "details.x", Map.of("selector", "p", "parse", "date")),
                "must be one of int, float, string, bool");
    }

    @Test
    void rejectsBadSeverities() {
        rejects("json", with(CustomMappingImporterTests.jsonConfig(), "severity_map", Map.of("3", "fatal")),
                "config.severity_map.\"3\" must be one of error, warning, advisory, info");
        rejects("json", with(CustomMappingImporterTests.jsonConfig(), "severity_map", List.of("a")),
                "config.severity_map must be an object");
        rejects("json", with(CustomMappingImporterTests.jsonConfig(), "default_severity", "severe"),
                "config.default_severity must be one of");
    }

    @Test
    void namespacesAreOnlyForXml() {
        rejects("json", with(CustomMappingImporterTests.jsonConfig(), "namespaces", Map.of("q", "urn:x")),
                "only used for xml");
        rejects("xml", with(CustomMappingImporterTests.xmlConfig(), "namespaces", Map.of("1q", "urn:x")),
                "config.namespaces.\"1q\"");
    }
}
