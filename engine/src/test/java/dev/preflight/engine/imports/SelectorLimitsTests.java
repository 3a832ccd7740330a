package dev.preflight.engine.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static dev.preflight.engine.imports.ReportFixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SelectorLimitsTests {

    @Test
    @Timeout(60)
    void aQuadraticJsonPathFilterIsStoppedAtTheDeadline() {
        StringBuilder sb = new StringBuilder("{\"items\":[");
        int n = 30_000;
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"v\":").append(i).append(",\"m\":\"x\"}");
        }
        sb.append("]}");
        // Every item's filter re-reads every item: 9e8 steps, far beyond the time limit.
        CustomMappingImporter importer = new CustomMappingImporter("m", "json", Map.of(
                "item_selector", "$.items[?(@.v in $.items[*].v)]",
                "fields", Map.of("message", "m")));

        assertThatThrownBy(() -> importer.parse(utf8(sb.toString())))
                .isInstanceOf(InvalidReportException.class)
                // Budget (5 s of processing) or, on a very loaded machine, the caller's 20 s wait: either stops it.
                .hasMessageContaining("simplify item_selector");
    }

    @Test
    void aSelectorMatchingMoreThanTheFindingLimitIsRejected() {
        StringBuilder sb = new StringBuilder("{\"items\":[");
        for (int i = 0; i <= ImportLimits.MAX_FINDINGS; i++) {
            sb.append(i == 0 ? "" : ",").append("1");
        }
        sb.append("]}");
        CustomMappingImporter importer = new CustomMappingImporter("m", "json", Map.of(
                "item_selector", "$..*", "fields", Map.of("message", Map.of("default", "x"))));

        assertThatThrownBy(() -> importer.parse(utf8(sb.toString())))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("more than 100000");
    }

    @Test
    @Timeout(60)
    void manyXmlItemsStayWithinTheBudget() throws Exception {
        int n = 20_000;
        StringBuilder sb = new StringBuilder("<r>");
        for (int i = 0; i < n; i++) {
            sb.append("<i s=\"E\" p=\"").append(i % 50).append("\"><t>issue ").append(i).append("</t></i>");
        }
        sb.append("</r>");
        CustomMappingImporter importer = new CustomMappingImporter("m", "xml", Map.of(
                "item_selector", "/r/i", "fields", Map.of("message", "t", "severity", "@s", "page_num", "@p"),
                "severity_map", Map.of("E", "error")));

        ImportResult result = importer.parse(utf8(sb.toString()));
        assertThat(result.findings()).hasSize(n);
        assertThat(result.findings().get(n - 1).message()).isEqualTo("issue " + (n - 1));
        assertThat(result.findings().get(n - 1).pageNum()).isEqualTo((n - 1) % 50);
    }
}
