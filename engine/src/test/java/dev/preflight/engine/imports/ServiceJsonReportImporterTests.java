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

class ServiceJsonReportImporterTests {

    @Test
    void importsEveryFieldOfTheNativeDocumentInOrder() throws Exception {
        ImportResult result = ReportImporters.importReport("service_json", bytes("service_json/full.json"));

        assertThat(result.format()).isEqualTo("service_json");
        List<Finding> f = result.findings();
        assertThat(f).hasSize(4);

        Finding image = f.get(0);
        assertThat(image.inspectionId()).isEqualTo("EXT-SVC-IMG_RES_LOW");
        assertThat(image.severity()).isEqualTo(Severity.ERROR);
        assertThat(image.message()).isEqualTo("Image resolution 96 ppi is below 150 ppi");
        assertThat(image.pageNum()).isEqualTo(2);
        assertBox(image, 72, 500.5, 272, 700);
        assertThat(image.objectId()).isEqualTo("12 0 R");
        assertThat(image.objectType()).isEqualTo("image");
        assertThat(image.category()).isEqualTo("image");
        assertThat(image.details()).containsExactly(Map.entry("effective_ppi", 96), Map.entry("threshold", 150.0));
        assertThat(image.source()).isEqualTo("external:service_json");
    }

    @Test
    void coercesUnknownSeverityToWarningAndReadsThePageAlias() throws Exception {
        Finding font = ReportImporters.importReport("service_json", bytes("service_json/full.json")).findings().get(1);

        assertThat(font.severity()).isEqualTo(Severity.WARNING);
        assertThat(font.pageNum()).isEqualTo(1);
        assertThat(font.objectType()).isEqualTo("font");
        assertThat(font.bbox()).isNull();
    }

    @Test
    void synthesisesIdsFromTheMessageHashAndNeverDoublePrefixes() throws Exception {
        List<Finding> f = ReportImporters.importReport("service_json", bytes("service_json/full.json")).findings();

        assertThat(f.get(1).inspectionId())
                .isEqualTo("EXT-SVC-H" + ImportedIds.hash("Font Helvetica is not embedded"));
        assertThat(f.get(1).inspectionId()).matches("EXT-SVC-H[0-9A-F]{12}");
        assertThat(f.get(2).inspectionId()).isEqualTo("EXT-SVC-OUTPUT_INTENT");
        assertThat(f.get(2).severity()).isEqualTo(Severity.ADVISORY);
        assertThat(f.get(2).isoClause()).isEqualTo("ISO 15930-7 6.2.2");
        assertThat(f.get(2).category()).isEqualTo("output_intent");
    }

    @Test
    void treatsPageZeroAndOmittedPageAsDocumentLevel() throws Exception {
        List<Finding> f = ReportImporters.importReport("service_json", bytes("service_json/full.json")).findings();

        assertThat(f.get(2).pageNum()).isZero();
        assertThat(f.get(3).pageNum()).isZero();
        assertThat(f.get(3).severity()).isEqualTo(Severity.INFO);
    }

    @Test
    void keepsTheSourceBlockVerbatimAndOnlyKnownCapabilities() throws Exception {
        ImportResult result = ReportImporters.importReport("service_json", bytes("service_json/full.json"));

        assertThat(result.sourceInfo()).containsExactly(Map.entry("tool", "PrintShop Checker"),
                Map.entry("version", "4.2"), Map.entry("profile", "Sheetfed CMYK"), Map.entry("run_id", 981),
                Map.entry("strict", true));
        assertThat(result.capabilities()).containsExactly(Map.entry("findings", true),
                Map.entry("separations", false), Map.entry("tac", true), Map.entry("layers", false));
    }

    @Test
    void acceptsAnEmptyFindingsList() throws Exception {
        ImportResult result = ReportImporters.importReport("service_json", bytes("service_json/minimal.json"));

        assertThat(result.findings()).isEmpty();
        assertThat(result.sourceInfo()).isEmpty();
        assertThat(result.capabilities()).isEmpty();
    }

    @Test
    void rejectsAMissingMessageNamingTheField() {
        byte[] report = utf8("{\"findings\":[{\"severity\":\"error\",\"message\":\"ok\"},{\"severity\":\"error\"}]}");

        assertThatThrownBy(() -> ReportImporters.importReport("service_json", report))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("/findings/1")
                .hasMessageContaining("message");
    }

    @Test
    void rejectsAnEmptyMessage() {
        byte[] report = utf8("{\"findings\":[{\"severity\":\"error\",\"message\":\"\"}]}");

        assertThatThrownBy(() -> ReportImporters.importReport("service_json", report))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("/findings/0/message");
    }

    @Test
    void rejectsUnknownTopLevelAndFindingProperties() {
        assertThatThrownBy(() -> ReportImporters.importReport("service_json",
                utf8("{\"findings\":[],\"extra\":1}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("extra");
        assertThatThrownBy(() -> ReportImporters.importReport("service_json",
                utf8("{\"findings\":[{\"severity\":\"info\",\"message\":\"m\",\"colour\":\"red\"}]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("colour");
    }

    @Test
    void rejectsABboxWithoutExactlyFourNumbers() {
        byte[] report = utf8("{\"findings\":[{\"severity\":\"info\",\"message\":\"m\",\"bbox\":[1,2,3]}]}");

        assertThatThrownBy(() -> ReportImporters.importReport("service_json", report))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("/findings/0/bbox");
    }

    @Test
    void rejectsNegativePagesAndOtherSchemaVersions() {
        assertThatThrownBy(() -> ReportImporters.importReport("service_json",
                utf8("{\"findings\":[{\"severity\":\"info\",\"message\":\"m\",\"page_num\":-1}]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("/findings/0/page_num");
        assertThatThrownBy(() -> ReportImporters.importReport("service_json",
                utf8("{\"schema_version\":\"2\",\"findings\":[]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("/schema_version");
    }

    @Test
    void rejectsNestedSourceValuesAndNonBooleanCapabilities() {
        assertThatThrownBy(() -> ReportImporters.importReport("service_json",
                utf8("{\"source\":{\"tool\":\"x\",\"nested\":{\"a\":1}},\"findings\":[]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("/source/nested");
        assertThatThrownBy(() -> ReportImporters.importReport("service_json",
                utf8("{\"capabilities\":{\"tac\":\"yes\"},\"findings\":[]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("/capabilities/tac");
    }

    @Test
    void prefersPageNumWhenBothPageFieldsAreGiven() throws Exception {
        byte[] report = utf8("{\"findings\":[{\"severity\":\"info\",\"message\":\"m\",\"page_num\":4,\"page\":9}]}");

        assertThat(ReportImporters.importReport("service_json", report).findings().getFirst().pageNum()).isEqualTo(4);
    }

    @Test
    void rejectsMalformedJsonWithItsPosition() {
        assertThatThrownBy(() -> ReportImporters.importReport("service_json", utf8("{\"findings\": [ }")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("not valid JSON")
                .hasMessageContaining("line 1");
    }
}
