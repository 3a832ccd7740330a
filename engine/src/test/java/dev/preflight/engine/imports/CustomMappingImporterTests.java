package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.imports.ReportFixtures.MM;
import static dev.preflight.engine.imports.ReportFixtures.assertBox;
import static dev.preflight.engine.imports.ReportFixtures.bytes;
import static dev.preflight.engine.imports.ReportFixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CustomMappingImporterTests {

    private static final String ID = "7f0c1f7e-3a40-4d5e-9a61-0b1f2e3d4c5b";

    static Map<String, Object> xmlConfig() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("message", "q:Text");
        fields.put("severity", Map.of("selector", "@code"));
        fields.put("inspection_id", Map.of("selector", "@rule"));
        fields.put("page_num", Map.of("selector", "@page", "format", "zero_based"));
        fields.put("bbox", Map.of("selector", "@box", "format", "space_xywh", "unit", "mm"));
        fields.put("object_type", "q:Object/@type");
        fields.put("object_id", "q:Object/@ref");
        fields.put("category", Map.of("default", "qc"));
        fields.put("details.ppi", Map.of("selector", "q:Ppi", "parse", "int"));
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("namespaces", Map.of("q", "urn:example:qc"));
        config.put("item_selector", "//q:Issue");
        config.put("fields", fields);
        config.put("severity_map", Map.of("E", "error", "W", "warning"));
        config.put("default_severity", "info");
        return config;
    }

    static Map<String, Object> jsonConfig() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("message", Map.of("selector", "$.text"));
        fields.put("severity", Map.of("selector", "$.level"));
        fields.put("inspection_id", "id");
        fields.put("page", Map.of("selector", "$.where.page", "parse", "int"));
        fields.put("bbox", Map.of("selector", "$.where.rect", "format", "array_xyxy"));
        fields.put("object_type", "@.kind");
        fields.put("details.flagged", Map.of("selector", "flagged", "parse", "bool"));
        fields.put("details.ink", Map.of("selector", "ink", "parse", "float"));
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("item_selector", "$.problems[*]");
        config.put("fields", fields);
        config.put("severity_map", Map.of("3", "error", "2", "warning", "1", "info"));
        return config;
    }

    @Test
    void xmlMappingProducesTheConfiguredFindings() throws Exception {
        ImportResult result = new CustomMappingImporter(ID, "xml", xmlConfig()).parse(bytes("custom/qc-report.xml"));
        List<Finding> f = result.findings();

        assertThat(result.format()).isEqualTo("custom");
        assertThat(result.sourceInfo()).containsEntry("mapping_id", ID);
        assertThat(f).hasSize(3);
        Finding first = f.get(0);
        assertThat(first.inspectionId()).isEqualTo("EXT-CUS-R-101");
        assertThat(first.severity()).isEqualTo(Severity.ERROR);
        assertThat(first.message()).isEqualTo("Image below 150 ppi");
        assertThat(first.pageNum()).isEqualTo(1);
        assertBox(first, 10 * MM, 20 * MM, 110 * MM, 70 * MM);
        assertThat(first.objectType()).isEqualTo("image");
        assertThat(first.objectId()).isEqualTo("12 0 R");
        assertThat(first.category()).isEqualTo("qc");
        assertThat(first.details()).containsExactly(Map.entry("ppi", 96));
        assertThat(first.source()).isEqualTo("external:custom:" + ID);

        Finding second = f.get(1);
        assertThat(second.severity()).as("severity_map matches case-insensitively").isEqualTo(Severity.WARNING);
        assertThat(second.pageNum()).isEqualTo(3);
        assertBox(second, 0, 0, 10 * MM, 10 * MM);
        assertThat(second.objectId()).isNull();
        assertThat(second.details()).isEmpty();

        Finding third = f.get(2);
        assertThat(third.inspectionId()).isEqualTo("EXT-CUS-H" + ImportedIds.hash("Status the mapping does not know"));
        assertThat(third.severity()).as("unmapped code falls back to default_severity").isEqualTo(Severity.INFO);
        assertThat(third.pageNum()).isZero();
        assertThat(third.bbox()).isNull();
    }

    @Test
    void xmlSelectorsMayReachOutsideTheItem() throws Exception {
        Map<String, Object> config = xmlConfig();
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = new LinkedHashMap<>((Map<String, Object>) config.get("fields"));
        fields.put("category", Map.of("selector", "/q:Results/q:Run/@tool"));
        fields.put("details.run_version", "../q:Run/@version");
        config.put("fields", fields);

        List<Finding> f = new CustomMappingImporter(ID, "xml", config).parse(bytes("custom/qc-report.xml")).findings();
        assertThat(f).extracting(Finding::category).containsOnly("QCPro");
        assertThat(f.get(1).details()).containsEntry("run_version", "7.1");
    }

    @Test
    void xmlWithoutNamespacesCanUseLocalName() throws Exception {
        Map<String, Object> config = Map.of("item_selector", "//*[local-name()='Issue']",
                "fields", Map.of("message", "*[local-name()='Text']", "severity", "@code"),
                "severity_map", Map.of("E", "error"));

        List<Finding> f = new CustomMappingImporter(ID, null, config).parse(bytes("custom/qc-report.xml")).findings();
        assertThat(f).extracting(Finding::severity).containsExactly(Severity.ERROR, Severity.WARNING,
                Severity.WARNING);
    }

    @Test
    void jsonMappingProducesTheConfiguredFindings() throws Exception {
        List<Finding> f = new CustomMappingImporter(ID, "json", jsonConfig()).parse(bytes("custom/qc-report.json"))
                .findings();

        assertThat(f).hasSize(3);
        assertThat(f.get(0).inspectionId()).isEqualTo("EXT-CUS-F1");
        assertThat(f.get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(f.get(0).message()).isEqualTo("Font not embedded");
        assertThat(f.get(0).pageNum()).isEqualTo(2);
        assertBox(f.get(0), 10, 20, 30, 40);
        assertThat(f.get(0).objectType()).isEqualTo("font");
        assertThat(f.get(0).details()).containsExactly(Map.entry("flagged", false), Map.entry("ink", 312.5));
        assertThat(f.get(0).source()).isEqualTo("external:custom:" + ID);

        assertThat(f.get(1).severity()).isEqualTo(Severity.WARNING);
        assertThat(f.get(1).inspectionId()).isEqualTo("EXT-CUS-H" + ImportedIds.hash("RGB image"));
        assertThat(f.get(1).details()).containsExactly(Map.entry("flagged", true));

        assertThat(f.get(2).severity()).as("no level: default warning").isEqualTo(Severity.WARNING);
        assertThat(f.get(2).pageNum()).isZero();
        assertThat(f.get(2).bbox()).isNull();
        assertThat(f.get(2).details()).isEmpty();
    }

    @Test
    void jsonBboxFromFourSelectorsAsXywhInInches() throws Exception {
        Map<String, Object> config = Map.of("item_selector", "$.items[*]",
                "fields", Map.of("message", "m",
                        "bbox", Map.of("selectors", List.of("x", "y", "w", "h"), "format", "xywh", "unit", "in")));
        byte[] report = utf8("{\"items\":[{\"m\":\"a\",\"x\":1,\"y\":2,\"w\":0.5,\"h\":\"0.25\"}]}");

        Finding f = new CustomMappingImporter(ID, "json", config).parse(report).findings().getFirst();
        assertBox(f, 72, 144, 108, 162);
    }

    @Test
    void aBboxDefaultAppliesWhenTheSelectorFindsNothing() throws Exception {
        Map<String, Object> config = Map.of("item_selector", "/r/i",
                "fields", Map.of("message", "@m", "page_num", "@p",
                        "bbox", Map.of("selector", "@b", "format", "space_xyxy", "default", List.of(0, 0, 612, 792))));
        byte[] report = utf8("<r><i m=\"a\" p=\"1\"/><i m=\"b\" p=\"1\" b=\"1 2 3 4\"/></r>");

        List<Finding> f = new CustomMappingImporter(ID, "xml", config).parse(report).findings();
        assertBox(f.get(0), 0, 0, 612, 792);
        assertBox(f.get(1), 1, 2, 3, 4);
    }

    @Test
    void commaSeparatedXyxyBoxes() throws Exception {
        Map<String, Object> config = Map.of("item_selector", "/r/i",
                "fields", Map.of("message", "@m", "page_num", "@p",
                        "bbox", Map.of("selector", "@b", "format", "comma_xyxy")));
        byte[] report = utf8("<r><i m=\"a\" p=\"4\" b=\"30.5, 40,10,20\"/></r>");

        Finding f = new CustomMappingImporter(ID, "xml", config).parse(report).findings().getFirst();
        assertThat(f.pageNum()).isEqualTo(4);
        assertBox(f, 10, 20, 30.5, 40);
    }

    @Test
    void previewStyleFailuresAreReadable() {
        CustomMappingImporter xml = new CustomMappingImporter(ID, "xml", xmlConfig());
        assertThatThrownBy(() -> xml.parse(bytes("custom/qc-report.json")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("not well-formed XML");

        CustomMappingImporter json = new CustomMappingImporter(ID, "json", jsonConfig());
        assertThatThrownBy(() -> json.parse(bytes("custom/qc-report.xml")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("not valid JSON");

        assertThatThrownBy(() -> json.parse(utf8("{\"problems\":[{\"level\":3}]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("item 1: message selector \"$.text\" matched nothing");

        assertThatThrownBy(() -> json.parse(utf8("{\"problems\":[{\"text\":\"t\",\"where\":{\"rect\":[1,2]}}]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("item 1: bbox needs 4 numbers");

        assertThatThrownBy(() -> json.parse(utf8("{\"problems\":[{\"text\":\"t\",\"where\":{\"page\":\"two\"}}]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("page_num \"two\" is not a whole number");

        assertThatThrownBy(() -> json.parse(utf8("{\"problems\":[{\"text\":\"t\",\"flagged\":\"maybe\"}]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("details.flagged \"maybe\" is not a boolean");
    }

    @Test
    void aSelectorThatMatchesNoItemsGivesNoFindings() throws Exception {
        assertThat(new CustomMappingImporter(ID, "json", jsonConfig()).parse(utf8("{\"other\":[]}")).findings())
                .isEmpty();
    }

    @Test
    void hostileXmlIsRejectedForCustomMappingsToo() {
        CustomMappingImporter xml = new CustomMappingImporter(ID, "xml", xmlConfig());

        assertThatThrownBy(() -> xml.parse(bytes("hostile/xxe-file.xml")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("DOCTYPE")
                .hasMessageNotContaining("root:");
    }
}
