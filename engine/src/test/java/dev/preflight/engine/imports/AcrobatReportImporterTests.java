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

class AcrobatReportImporterTests {

    @Test
    void acrobatPi4ReportIsParsedLikeCallasWithAcrobatIdsAndSource() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_c_xml", bytes("acrobat/acrobat-pi4.xml"));

        assertThat(result.format()).isEqualTo("preflight_c_xml");
        Finding f = result.findings().getFirst();
        assertThat(result.findings()).hasSize(1);
        assertThat(f.inspectionId()).isEqualTo("EXT-ACR-RUL1");
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.message()).isEqualTo("Font not embedded");
        assertThat(f.pageNum()).isEqualTo(1);
        assertBox(f, 50, 60, 150, 72);
        assertThat(f.objectType()).isEqualTo("TextFill");
        assertThat(f.source()).isEqualTo("external:preflight_c");
        assertThat(result.sourceInfo()).containsEntry("tool", "Adobe Acrobat Pro Preflight")
                .containsEntry("version", "24.1").containsEntry("profile", "PDF/X-1a:2001");
    }

    @Test
    void legacyReportPlacesRuleInfringementsOnTheirProblemPages() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_c_xml",
                bytes("acrobat/legacy-pdfinspektor3.xml"));
        List<Finding> f = result.findings();

        assertThat(f).hasSize(4);
        assertThat(f).extracting(Finding::message).containsExactly("Document is not PDF/X-3 compliant",
                "RGB image used", "Page has no TrimBox", "Font not embedded");
        assertThat(f).extracting(Finding::pageNum).containsExactly(0, 1, 1, 3);
        assertThat(f).extracting(Finding::severity).containsExactly(Severity.ERROR, Severity.WARNING,
                Severity.INFO, Severity.WARNING);
        assertThat(f.get(1).inspectionId()).isEqualTo("EXT-ACR-H" + ImportedIds.hash("RGB image used"));
        assertThat(f).allSatisfy(x -> {
            assertThat(x.source()).isEqualTo("external:preflight_c");
            assertThat(x.bbox()).isNull();
        });
        assertThat(f.get(3).details()).containsEntry("tool_severity", "critical");
        assertThat(result.sourceInfo()).containsEntry("tool", "Adobe Acrobat Preflight")
                .containsEntry("profile", "PDF/X-3 compliant")
                .containsEntry("file_name", "leaflet.pdf")
                .containsEntry("date_time", "2006-04-12 14:02")
                .containsEntry("pdf_version", "1.4");
    }

    @Test
    void pdfToolboxPi4ReportSubmittedAsAcrobatStillImportsAsFamilyC() throws Exception {
        ImportResult result = ReportImporters.importReport("preflight_c_xml",
                bytes("callas/unnamespaced-no-profile.xml"));

        assertThat(result.findings()).allSatisfy(f -> {
            assertThat(f.source()).isEqualTo("external:preflight_c");
            assertThat(f.inspectionId()).startsWith("EXT-ACR-");
        });
    }

    @Test
    void rejectsXmlThatIsNeitherPi4NorLegacy() {
        assertThatThrownBy(() -> ReportImporters.importReport("preflight_c_xml", utf8("<Preflight><Hits/></Preflight>")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("<Preflight>")
                .hasMessageContaining("RuleInfr");
    }
}
