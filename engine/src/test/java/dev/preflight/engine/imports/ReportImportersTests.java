package dev.preflight.engine.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static dev.preflight.engine.imports.ReportFixtures.bytes;
import static dev.preflight.engine.imports.ReportFixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReportImportersTests {

    @ParameterizedTest
    @CsvSource({
            "service_json/full.json, service_json",
            "service_json/minimal.json, service_json",
            "pitstop/v3-mm.xml, preflight_a_xml",
            "pitstop/v2.xml, preflight_a_xml",
            "callas/pdftoolbox-full.xml, preflight_b_xml",
            "callas/unnamespaced-no-profile.xml, preflight_b_xml",
            "callas/json-v1-numeric.json, preflight_b_json",
            "callas/json-v2-text.json, preflight_b_json",
            "acrobat/acrobat-pi4.xml, preflight_c_xml",
            "acrobat/legacy-pdfinspektor3.xml, preflight_c_xml"
    })
    void detectsTheFormatOfEachReportFamily(String file, String format) throws Exception {
        assertThat(ReportImporters.detect(bytes(file))).isEqualTo(format);
        assertThat(ReportImporters.importReport(null, bytes(file)).format()).isEqualTo(format);
    }

    @Test
    void autoDetectedImportEqualsTheExplicitOne() throws Exception {
        assertThat(ReportImporters.importReport(null, bytes("callas/pdftoolbox-full.xml")))
                .isEqualTo(ReportImporters.importReport("preflight_b_xml", bytes("callas/pdftoolbox-full.xml")));
    }

    @Test
    void detectionToleratesAByteOrderMarkAndLeadingWhitespace() throws Exception {
        byte[] json = utf8("\uFEFF \n {\"findings\":[]}");

        assertThat(ReportImporters.detect(json)).isEqualTo("service_json");
    }

    @Test
    void undetectableXmlSaysWhatWasExpected() {
        assertThatThrownBy(() -> ReportImporters.detect(utf8("<PitStopReport><Results/></PitStopReport>")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("<PitStopReport>")
                .hasMessageContaining("<EnfocusReport>")
                .hasMessageContaining("http://www.callassoftware.com/namespace/pi4");
    }

    @Test
    void undetectableJsonSaysWhatWasExpected() {
        assertThatThrownBy(() -> ReportImporters.detect(utf8("{\"hits\":[]}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("\"findings\"")
                .hasMessageContaining("\"doc\"");
        assertThatThrownBy(() -> ReportImporters.detect(utf8("[1,2]")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("unrecognised JSON report");
    }

    @Test
    void pitStopJsonIsRecognisedButRefusedWithAnExplanation() {
        assertThatThrownBy(() -> ReportImporters.detect(utf8("{\"version\":\"1\",\"preflightReport\":{}}")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("PitStop JSON");
    }

    @Test
    void neitherXmlNorJsonIsRejected() {
        assertThatThrownBy(() -> ReportImporters.detect(utf8("%PDF-1.7\n")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("neither XML nor JSON");
        assertThatThrownBy(() -> ReportImporters.detect(new byte[0]))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("empty");
    }

    @Test
    void unknownFormatTokenListsTheValidOnes() {
        assertThatThrownBy(() -> ReportImporters.importReport("flightcheck_xml", bytes("pitstop/v2.xml")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("flightcheck_xml")
                .hasMessageContaining("preflight_a_xml");
    }

    @Test
    void formatTokensAreMatchedCaseInsensitively() throws Exception {
        assertThat(ReportImporters.importReport(" Preflight_A_XML ", bytes("pitstop/v2.xml")).format())
                .isEqualTo("preflight_a_xml");
    }

    @Test
    void malformedXmlNamesTheLine() {
        assertThatThrownBy(() -> ReportImporters.importReport(null, utf8("<EnfocusReport>\n<Report></EnfocusReport>")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("not well-formed XML (line 2");
    }
}
