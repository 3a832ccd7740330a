package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.imports.ReportFixtures.MM;
import static dev.preflight.engine.imports.ReportFixtures.assertBox;
import static dev.preflight.engine.imports.ReportFixtures.bytes;
import static dev.preflight.engine.imports.ReportFixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PitStopReportImporterTests {

    private static List<Finding> findings(String file) throws InvalidReportException {
        return ReportImporters.importReport("preflight_a_xml", bytes(file)).findings();
    }

    @Test
    void v3EmitsOneFindingPerLocationWithMillimetresConvertedToPoints() throws Exception {
        List<Finding> f = findings("pitstop/v3-mm.xml");

        assertThat(f).hasSize(6);
        String fontId = "EXT-PSP-H" + ImportedIds.hash("Font %FontName% not embedded");
        Finding first = f.get(0);
        assertThat(first.inspectionId()).isEqualTo(fontId);
        assertThat(first.severity()).isEqualTo(Severity.ERROR);
        assertThat(first.message()).isEqualTo("Font Helvetica-Bold not embedded");
        assertThat(first.pageNum()).isEqualTo(3);
        assertBox(first, 10 * MM, 20 * MM, 35.4 * MM, 72);
        assertThat(first.source()).isEqualTo("external:preflight_a");
        assertThat(first.objectType()).isNull();
        assertThat(first.details()).containsEntry("occurrences", 2)
                .containsEntry("occurrence_pages", "3, 5")
                .containsEntry("pitstop_severity", "Errors")
                .containsEntry("base_string", "Font %FontName% not embedded")
                .containsEntry("variables", Map.of("FontName", "Helvetica-Bold"));

        Finding second = f.get(1);
        assertThat(second.inspectionId()).isEqualTo(fontId);
        assertThat(second.pageNum()).isEqualTo(5);
        assertBox(second, 0, 0, 72, 144);
    }

    @Test
    void v3ItemWithoutLocationIsDocumentLevelAndUsesItsActionId() throws Exception {
        Finding f = findings("pitstop/v3-mm.xml").get(2);

        assertThat(f.inspectionId()).isEqualTo("EXT-PSP-1150");
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.message()).isEqualTo("Document does not have an output intent");
        assertThat(f.pageNum()).isZero();
        assertThat(f.bbox()).isNull();
    }

    @Test
    void v3MapsContainersToSeveritiesAndUnknownContainersToWarning() throws Exception {
        List<Finding> f = findings("pitstop/v3-mm.xml");

        Finding lowRes = f.get(3);
        assertThat(lowRes.severity()).isEqualTo(Severity.WARNING);
        assertThat(lowRes.message()).isEqualTo("Color or grayscale image resolution is less than 150 ppi");
        assertThat(lowRes.pageNum()).isEqualTo(1);
        assertBox(lowRes, -6 * MM, -6 * MM, 216 * MM, 303 * MM);
        assertThat(lowRes.details()).containsEntry("occurrences", 1).containsEntry("occurrence_pages", "1");

        Finding fix = f.get(4);
        assertThat(fix.severity()).isEqualTo(Severity.INFO);
        assertThat(fix.message()).isEqualTo("Removed 4 empty pages");
        assertThat(fix.inspectionId()).isEqualTo("EXT-PSP-H" + ImportedIds.hash("Removed 4 empty pages"));
        assertThat(fix.details()).containsEntry("pitstop_severity", "Fixes");

        Finding unknown = f.get(5);
        assertThat(unknown.severity()).isEqualTo(Severity.WARNING);
        assertThat(unknown.details()).containsEntry("pitstop_severity", "Quarantine");
    }

    @Test
    void v3ReportsItsProfileAndUnitAsSourceInfo() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_a_xml", bytes("pitstop/v3-mm.xml"));

        assertThat(result.format()).isEqualTo("preflight_a_xml");
        assertThat(result.sourceInfo()).containsEntry("tool", "Enfocus PitStop")
                .containsEntry("unit", "mm")
                .containsEntry("profile", "PDFX-ready Sheetfed CMYK")
                .containsEntry("preflight_date", "2024-03-11T09:15:02+01:00")
                .containsEntry("document_name", "brochure.pdf")
                .containsEntry("report_version", "3.0");
    }

    @Test
    void v3InPointsKeepsCoordinatesAndBuildsMessagesFromTheBaseString() throws Exception {
        List<Finding> f = findings("pitstop/v3-pt.xml");

        assertThat(f).hasSize(3);
        assertThat(f.get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(f.get(0).message()).isEqualTo("Page size does not match 595.276 x 841.89 pt");
        assertThat(f.get(0).pageNum()).isEqualTo(2);
        assertBox(f.get(0), 0, 0, 612, 792);
        assertThat(f.get(0).details()).containsEntry("pitstop_severity", "CriticalFailures");

        assertThat(f.get(1).severity()).isEqualTo(Severity.WARNING);
        assertThat(f.get(1).message()).isEqualTo("Text smaller than 6 pt");
        assertThat(f.get(1).inspectionId()).isEqualTo("EXT-PSP-H" + ImportedIds.hash("Text smaller than %[]Size% pt"));
        assertThat(f.get(1).pageNum()).isEqualTo(1);
        assertBox(f.get(1), 100, 200, 150, 210);

        assertThat(f.get(2).severity()).isEqualTo(Severity.INFO);
        assertThat(f.get(2).message()).isEqualTo("Overprint of white objects signed off by operator");
        assertThat(f.get(2).pageNum()).isZero();
    }

    @Test
    void v2ReadsLevelsActionIdsAndLocationsInsideInstances() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_a_xml", bytes("pitstop/v2.xml"));
        List<Finding> f = result.findings();

        assertThat(f).hasSize(6);
        assertThat(f.get(0).inspectionId()).isEqualTo("EXT-PSP-1150");
        assertThat(f.get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(f.get(0).message()).isEqualTo("Color or grayscale image resolution is less than 150 ppi");
        assertThat(f.get(0).pageNum()).isEqualTo(1);
        assertBox(f.get(0), 0, 0, 454.8, 347.4);
        assertThat(f.get(0).details()).containsEntry("pitstop_severity", "error");

        assertThat(f.get(1).severity()).isEqualTo(Severity.WARNING);
        assertThat(f.get(1).pageNum()).isZero();
        assertThat(f.get(1).message()).isEqualTo("Document contains annotations");

        assertThat(f.subList(2, 5)).allSatisfy(fix -> {
            assertThat(fix.inspectionId()).isEqualTo("EXT-PSP-2044");
            assertThat(fix.severity()).isEqualTo(Severity.INFO);
            assertThat(fix.message()).isEqualTo("Converted RGB images to CMYK");
            assertThat(fix.details()).containsEntry("occurrences", 3).containsEntry("occurrence_pages", "1, 2");
        });
        assertThat(f.subList(2, 5)).extracting(Finding::pageNum).containsExactly(1, 1, 2);
        assertBox(f.get(4), 50, 50, 60, 60);

        assertThat(f.get(5).severity()).isEqualTo(Severity.ERROR);
        assertThat(f.get(5).message()).isEqualTo("PDF is encrypted");
        assertThat(result.sourceInfo()).containsEntry("report_version", "2").containsEntry("unit", "pt");
    }

    @Test
    void convertsInchesAndCentimetres() throws Exception {
        String template = "<EnfocusReport unit=\"%s\"><PreflightReport><Errors><PreflightReportItem><Message>m</Message>"
                + "<Location page=\"0\" minX=\"1\" minY=\"1\" maxX=\"2\" maxY=\"2\"/></PreflightReportItem></Errors>"
                + "</PreflightReport></EnfocusReport>";

        Finding inch = ReportImporters.importReport("preflight_a_xml", utf8(template.formatted("inch"))).findings()
                .getFirst();
        assertBox(inch, 72, 72, 144, 144);
        Finding cm = ReportImporters.importReport("preflight_a_xml", utf8(template.formatted("cm"))).findings()
                .getFirst();
        assertBox(cm, 72 / 2.54, 72 / 2.54, 144 / 2.54, 144 / 2.54);
    }

    @Test
    void unknownUnitKeepsPagesButDropsBoxesAndSaysSo() throws Exception {
        byte[] report = utf8("<EnfocusReport unit=\"furlong\"><PreflightReport><Errors><PreflightReportItem>"
                + "<Message>m</Message><Location page=\"1\" minX=\"1\" minY=\"1\" maxX=\"2\" maxY=\"2\"/>"
                + "</PreflightReportItem></Errors></PreflightReport></EnfocusReport>");

        ImportResult result = ReportImporters.importReport("preflight_a_xml", report);
        assertThat(result.findings().getFirst().pageNum()).isEqualTo(2);
        assertThat(result.findings().getFirst().bbox()).isNull();
        assertThat(result.sourceInfo()).containsKey("unit_warning");
    }

    @Test
    void rejectsAnEnfocusReportWithoutPreflightResults() {
        assertThatThrownBy(() -> ReportImporters.importReport("preflight_a_xml",
                utf8("<EnfocusReport><TaskReport/></EnfocusReport>")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("PreflightReport");
    }

    @Test
    void rejectsAnotherVendorsReport() {
        assertThatThrownBy(() -> ReportImporters.importReport("preflight_a_xml", bytes("callas/pdftoolbox-full.xml")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("<EnfocusReport>")
                .hasMessageContaining("<report>");
    }
}
