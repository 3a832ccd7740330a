package dev.preflight.engine.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static dev.preflight.engine.imports.ReportFixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SelectorLimitsTests {

    @Test
    @Timeout(20)
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

        long start = System.nanoTime();
        assertThatThrownBy(() -> importer.parse(utf8(sb.toString())))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("took longer than 5 s");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(millis).isLessThan(ImportLimits.SELECTOR_TIMEOUT.toMillis() + 3_000);
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
    @Timeout(30)
    void manyXmlItemsAreEvaluatedInLinearTime() throws Exception {
        int n = 20_000;
        StringBuilder sb = new StringBuilder("<r>");
        for (int i = 0; i < n; i++) {
            sb.append("<i s=\"E\" p=\"").append(i % 50).append("\"><t>issue ").append(i).append("</t></i>");
        }
        sb.append("</r>");
        CustomMappingImporter importer = new CustomMappingImporter("m", "xml", Map.of(
                "item_selector", "/r/i", "fields", Map.of("message", "t", "severity", "@s", "page_num", "@p"),
                "severity_map", Map.of("E", "error")));

        long start = System.nanoTime();
        ImportResult result = importer.parse(utf8(sb.toString()));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(result.findings()).hasSize(n);
        assertThat(millis).isLessThan(ImportLimits.SELECTOR_TIMEOUT.toMillis());
    }
}
