package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.imports.ReportFixtures.assertBox;
import static dev.preflight.engine.imports.ReportFixtures.bytes;
import static dev.preflight.engine.imports.ReportFixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CallasXmlReportImporterTests {

    private static List<Finding> full() throws InvalidReportException {
        return ReportImporters.importReport("preflight_b_xml", bytes("callas/pdftoolbox-full.xml")).findings();
    }

    @Test
    void emitsOneFindingPerHitWithTextFromTheProfileAndTriggerValues() throws Exception {
        List<Finding> f = full();

        assertThat(f).hasSize(8);
        Finding spot = f.get(1);
        assertThat(spot.inspectionId()).isEqualTo("EXT-CLS-SPOT_USED");
        assertThat(spot.severity()).isEqualTo(Severity.WARNING);
        assertThat(spot.message()).isEqualTo("Spot colour used (PANTONE P 34-16 C)");
        assertThat(spot.pageNum()).isEqualTo(1);
        assertBox(spot, 0.091, 70.866, 70.957, 141.732);
        assertThat(spot.objectType()).isEqualTo("Fill");
        assertThat(spot.source()).isEqualTo("external:preflight_b");
        assertThat(spot.details()).containsEntry("rule_id", "RUL157")
                .containsEntry("custom_id", "SPOT_USED")
                .containsEntry("display_comment", "The job is printed in CMYK only.")
                .containsEntry("tool_severity", "Warning")
                .containsEntry("triggers", List.of(Map.of("condition_id", "CND5",
                        "condition", "Name of separation colour", "value", "PANTONE P 34-16 C")))
                .containsEntry("gstate", Map.of("overprint_mode", "1", "fill_colorspace", "CS1",
                        "fill_colorant_values", "1.0"));
    }

    @Test
    void acceptsTriggerValuesWrappedInValueElementsAsTheXsdDescribes() throws Exception {
        Finding text = full().get(2);

        assertThat(text.message()).isEqualTo("Spot colour used (HKS 43 K)");
        assertThat(text.pageNum()).isEqualTo(2);
        assertBox(text, 100, 200, 180, 214);
        assertThat(text.objectType()).isEqualTo("TextFill");
        assertThat(text.details()).containsEntry("textstate", Map.of("font_id", "FNT1", "current_font_size", "9"));
    }

    @Test
    void pageInfoHitsArePageLevelAndEmptyCustomIdsFallBackToTheRuleId() throws Exception {
        Finding page = full().get(3);

        assertThat(page.inspectionId()).isEqualTo("EXT-CLS-RUL5");
        assertThat(page.severity()).isEqualTo(Severity.ERROR);
        assertThat(page.message()).isEqualTo("Page is not a multiple of the trim size");
        assertThat(page.pageNum()).isEqualTo(2);
        assertThat(page.bbox()).isNull();
        assertThat(page.objectType()).isEqualTo("PageInfo");
    }

    @Test
    void bareNumericPageReferencesAreOneBased() throws Exception {
        Finding image = full().get(4);

        assertThat(image.inspectionId()).isEqualTo("EXT-CLS-IMG_LOWRES");
        assertThat(image.message()).isEqualTo("Image resolution below 150 ppi (96.0)");
        assertThat(image.pageNum()).isEqualTo(1);
        assertBox(image, 300, 400, 500, 600);
        assertThat(image.objectType()).isEqualTo("Image");
        assertThat(image.details()).containsEntry("imagestate",
                Map.of("image_id", "IMG1", "h_ppi", "96.0", "v_ppi", "96.0"));
    }

    @Test
    void documentInfoHitsAndHitsWithoutHitAreDocumentLevel() throws Exception {
        List<Finding> f = full();

        assertThat(f.get(5).inspectionId()).isEqualTo("EXT-CLS-RUL12");
        assertThat(f.get(5).pageNum()).isZero();
        assertThat(f.get(5).objectType()).isEqualTo("DocumentInfo");
        assertThat(f.get(6).inspectionId()).isEqualTo("EXT-CLS-RUL20");
        assertThat(f.get(6).severity()).isEqualTo(Severity.INFO);
        assertThat(f.get(6).message()).isEqualTo("Document uses transparency");
        assertThat(f.get(6).pageNum()).isZero();
        assertThat(f.get(6).objectType()).isNull();
        assertThat(f.get(7).severity()).as("unknown severity Fatal").isEqualTo(Severity.WARNING);
        assertThat(f.get(7).details()).containsEntry("tool_severity", "Fatal");
    }

    @Test
    void processingErrorsBecomeInfoFindingsAndSourceInfoButFixupsAreNotProblems() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_b_xml", bytes("callas/pdftoolbox-full.xml"));

        Finding error = result.findings().getFirst();
        assertThat(error.inspectionId()).isEqualTo("EXT-CLS-PROCESSING_ERROR");
        assertThat(error.severity()).isEqualTo(Severity.INFO);
        assertThat(error.message()).endsWith("Could not read image IMG7: unsupported JPEG2000 variant");
        assertThat(error.pageNum()).isZero();
        assertThat(result.findings()).noneMatch(x -> x.message().contains("Embed missing fonts"));
        assertThat(result.sourceInfo())
                .containsEntry("tool", "callas pdfToolbox Server")
                .containsEntry("version", "15.1.640")
                .containsEntry("profile", "PDF/X-4 Sheetfed")
                .containsEntry("date_time", "2024-05-02T10:31:44+02:00")
                .containsEntry("report_language", "en")
                .containsEntry("file_name", "catalogue.pdf")
                .containsEntry("processing_errors", List.of("Could not read image IMG7: unsupported JPEG2000 variant"))
                .containsEntry("fixups", List.of(Map.of("fixup_id", "FIX1", "name", "Embed missing fonts",
                        "count", 6, "count_fail", 0, "status", "SUCCESS")));
    }

    @Test
    void unnamespacedReportWithoutProfileInfoFallsBackToRuleIds() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_b_xml",
                bytes("callas/unnamespaced-no-profile.xml"));
        List<Finding> f = result.findings();

        assertThat(f).hasSize(2);
        assertThat(f.get(0).inspectionId()).isEqualTo("EXT-CLS-RUL7");
        assertThat(f.get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(f.get(0).message()).isEqualTo("Preflight rule RUL7");
        assertThat(f.get(0).pageNum()).as("PAG3 without document/pages").isEqualTo(3);
        assertBox(f.get(0), 10, 20, 110, 220);
        assertThat(f.get(1).severity()).isEqualTo(Severity.WARNING);
        assertThat(f.get(1).pageNum()).isEqualTo(2);
        assertThat(f.get(1).bbox()).isNull();
        assertThat(result.sourceInfo()).containsEntry("tool", "callas pdfToolbox CLI")
                .containsEntry("version", "14.4.625");
    }

    @Test
    void resolvesPageIdsThroughDocumentPages() throws Exception {
        byte[] report = utf8("<report xmlns=\"http://www.callassoftware.com/namespace/pi4\"><document><pages>"
                + "<page id=\"PAG1\" nr=\"7\"/></pages></document><results><hits rule_id=\"RUL1\" severity=\"Info\">"
                + "<hit type=\"Stroke\" page=\"PAG1\"/></hits></results><information/></report>");

        assertThat(ReportImporters.importReport("preflight_b_xml", report).findings().getFirst().pageNum())
                .isEqualTo(7);
    }

    @Test
    void rejectsAPi4ReportWithoutResults() {
        assertThatThrownBy(() -> ReportImporters.importReport("preflight_b_xml",
                utf8("<report xmlns=\"http://www.callassoftware.com/namespace/pi4\"><information/></report>")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("<results>");
    }

    @Test
    void rejectsJsonGivenAsXml() {
        assertThatThrownBy(() -> ReportImporters.importReport("preflight_b_xml", bytes("callas/json-v1-numeric.json")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("expects an XML report");
    }
}
