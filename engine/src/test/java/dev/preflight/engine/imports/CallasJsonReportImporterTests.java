package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.preflight.engine.imports.ReportFixtures.assertBox;
import static dev.preflight.engine.imports.ReportFixtures.bytes;
import static dev.preflight.engine.imports.ReportFixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CallasJsonReportImporterTests {

    @Test
    void v1NumericSeveritiesAndZeroBasedPages() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_b_json", bytes("callas/json-v1-numeric.json"));
        List<Finding> f = result.findings();

        assertThat(f).hasSize(5);
        assertThat(f.get(0).inspectionId()).isEqualTo("EXT-CLS-IMG_LOWRES");
        assertThat(f.get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(f.get(0).message()).isEqualTo("Image resolution below 150 ppi (96.0)");
        assertThat(f.get(0).pageNum()).isEqualTo(1);
        assertBox(f.get(0), 72, 400, 272, 600);
        assertThat(f.get(0).objectType()).isEqualTo("Image");
        assertThat(f.get(0).source()).isEqualTo("external:preflight_b");
        assertThat(f.get(0).details()).containsEntry("rule_id", "RUL3").containsEntry("custom_id", "IMG_LOWRES")
                .containsEntry("tool_severity", 3).containsEntry("trigger_values", List.of("96.0"));
        assertThat(f.get(1).message()).isEqualTo("Image resolution below 150 ppi (72.0)");
        assertThat(f.get(1).pageNum()).isEqualTo(2);
        assertBox(f.get(1), 10, 20, 30, 40);
    }

    @Test
    void v1ChecksWithoutHitsUsePageNumbersOrTheDocument() throws Exception {
        List<Finding> f = ReportImporters.importReport("preflight_b_json", bytes("callas/json-v1-numeric.json"))
                .findings();

        assertThat(f.get(2).inspectionId()).isEqualTo("EXT-CLS-RUL4");
        assertThat(f.get(2).severity()).isEqualTo(Severity.WARNING);
        assertThat(f.get(2).message()).isEqualTo("Font not embedded");
        assertThat(f.get(2).pageNum()).isEqualTo(2);
        assertThat(f.get(2).bbox()).isNull();
        assertThat(f.get(3).inspectionId()).isEqualTo("EXT-CLS-RUL5");
        assertThat(f.get(3).severity()).isEqualTo(Severity.INFO);
        assertThat(f.get(3).pageNum()).isZero();
        assertThat(f.get(4).severity()).as("severity 7 is unknown").isEqualTo(Severity.WARNING);
    }

    @Test
    void v1SourceInfoComesFromEnvAndResult() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_b_json", bytes("callas/json-v1-numeric.json"));

        assertThat(result.format()).isEqualTo("preflight_b_json");
        assertThat(result.sourceInfo()).containsEntry("tool", "callas pdfToolbox CLI")
                .containsEntry("version", "13.2.611")
                .containsEntry("profile", "Digital press")
                .containsEntry("file_name", "flyer.pdf")
                .containsEntry("report_layout", "json_v1")
                .containsEntry("fixups_reported", 1);
    }

    @Test
    void v2TextualSeveritiesInAnyCaseAndPageIds() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_b_json", bytes("callas/json-v2-text.json"));
        List<Finding> f = result.findings();

        assertThat(f).hasSize(4);
        assertThat(f.get(0).inspectionId()).isEqualTo("EXT-CLS-TAC_HIGH");
        assertThat(f.get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(f.get(0).message()).isEqualTo("Total area coverage above 300% (318%)");
        assertThat(f.get(0).pageNum()).as("PAG1 is a 1-based page id").isEqualTo(1);
        assertBox(f.get(0), 0, 0, 100, 50);
        assertThat(f.get(0).objectType()).isEqualTo("Shade");

        assertThat(f.get(1).inspectionId()).isEqualTo("EXT-CLS-RUL2");
        assertThat(f.get(1).severity()).isEqualTo(Severity.WARNING);
        assertThat(f.get(1).pageNum()).as("numeric page 2 is 0-based").isEqualTo(3);
        assertThat(f.get(1).objectType()).isEqualTo("PageInfo");
        assertThat(f.get(2).pageNum()).as("DocumentInfo").isZero();
        assertThat(f.get(3).severity()).isEqualTo(Severity.INFO);
        assertThat(f.get(3).message()).isEqualTo("Metadata incomplete");
        assertThat(result.sourceInfo()).containsEntry("tool", "callas pdfToolbox Server")
                .containsEntry("version", "15.0.633").containsEntry("profile", "PDF/X-4")
                .containsEntry("report_layout", "json_v2");
    }

    @Test
    void processPlanResultsComeFromTheLastStep() throws Exception {
        byte[] report = utf8("{\"doc\":{},\"env\":{},\"result\":{\"steps\":["
                + "{\"checks\":[{\"id\":\"RUL1\",\"name\":\"first step\",\"severity\":3}]},"
                + "{\"checks\":[{\"id\":\"RUL2\",\"name\":\"last step\",\"severity\":\"error\"}]}]}}");

        List<Finding> f = ReportImporters.importReport("preflight_b_json", report).findings();
        assertThat(f).extracting(Finding::message).containsExactly("last step");
    }

    @Test
    void aCleanReportHasNoFindings() throws Exception {
        byte[] report = utf8("{\"doc\":{},\"env\":{},\"result\":{\"checks\":[]}}");

        assertThat(ReportImporters.importReport("preflight_b_json", report).findings()).isEmpty();
    }

    @Test
    void rejectsJsonWithoutAResultObject() {
        assertThatThrownBy(() -> ReportImporters.importReport("preflight_b_json", utf8("{\"doc\":{},\"env\":{}}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("\"result\"");
        assertThatThrownBy(() -> ReportImporters.importReport("preflight_b_json",
                utf8("{\"doc\":{},\"env\":{},\"result\":{\"checks\":[42]}}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("check 1");
    }
}
