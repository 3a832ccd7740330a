package dev.preflight.engine.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;

import static dev.preflight.engine.imports.ReportFixtures.bytes;
import static dev.preflight.engine.imports.ReportFixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HostileReportTests {

    @Test
    @Timeout(5)
    void externalEntityReadingPasswdIsRejectedWithoutTheFilesContent() {
        for (String format : new String[] {null, "preflight_a_xml"}) {
            assertThatThrownBy(() -> ReportImporters.importReport(format, bytes("hostile/xxe-file.xml")))
                    .isInstanceOf(InvalidReportException.class)
                    .hasMessageContaining("DOCTYPE")
                    .hasMessageNotContaining("root:");
        }
    }

    @Test
    @Timeout(5)
    void externalParameterEntityIsRejected() {
        assertThatThrownBy(() -> ReportImporters.importReport("preflight_b_xml", bytes("hostile/xxe-parameter.xml")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("DOCTYPE")
                .hasMessageNotContaining("root:");
    }

    @Test
    @Timeout(5)
    void billionLaughsIsRejectedQuickly() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> ReportImporters.importReport(null, bytes("hostile/billion-laughs.xml")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("DOCTYPE");
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(2_000);
    }

    @Test
    void xIncludeIsNotProcessed() throws Exception {
        byte[] report = utf8("<EnfocusReport xmlns:xi=\"http://www.w3.org/2001/XInclude\"><PreflightReport><Errors>"
                + "<PreflightReportItem><Message>m<xi:include href=\"file:///etc/passwd\" parse=\"text\"/></Message>"
                + "</PreflightReportItem></Errors></PreflightReport></EnfocusReport>");

        String message = ReportImporters.importReport("preflight_a_xml", report).findings().getFirst().message();
        assertThat(message).isEqualTo("m").doesNotContain("root:");
    }

    @Test
    void reportsOverFiftyMegabytesAreRejectedBeforeParsing() {
        byte[] huge = new byte[ImportLimits.MAX_REPORT_BYTES + 1];
        Arrays.fill(huge, (byte) ' ');
        huge[0] = '{';

        assertThatThrownBy(() -> ReportImporters.importReport(null, huge))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("50 MB");
    }

    @Test
    void moreThanTheFindingLimitIsRejectedWithAReadableMessage() {
        StringBuilder sb = new StringBuilder("{\"findings\":[");
        for (int i = 0; i <= ImportLimits.MAX_FINDINGS; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"severity\":\"info\",\"message\":\"m\"}");
        }
        sb.append("]}");

        assertThatThrownBy(() -> ReportImporters.importReport("service_json", utf8(sb.toString())))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("limit is 100000");
    }

    @Test
    void findingLimitAlsoStopsThirdPartyReports() {
        StringBuilder sb = new StringBuilder("<EnfocusReport><PreflightReport><Errors><PreflightReportItem>"
                + "<Message>m</Message>");
        for (int i = 0; i <= ImportLimits.MAX_FINDINGS; i++) {
            sb.append("<Location page=\"0\"/>");
        }
        sb.append("</PreflightReportItem></Errors></PreflightReport></EnfocusReport>");

        assertThatThrownBy(() -> ReportImporters.importReport("preflight_a_xml", utf8(sb.toString())))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("more than 100000 findings");
    }

    @Test
    @Timeout(5)
    void deeplyNestedJsonIsRejected() {
        int depth = 100_000;
        String json = "{\"findings\":" + "[".repeat(depth) + "]".repeat(depth) + "}";

        assertThatThrownBy(() -> ReportImporters.importReport(null, utf8(json)))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("nesting deeper than 200");
    }
}
