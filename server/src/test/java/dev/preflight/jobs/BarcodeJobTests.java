package dev.preflight.jobs;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A job under the packaging profile reports the barcodes on its pages through the API (answers checked by the contract). */
class BarcodeJobTests extends ServerTestBase {

    @Test
    void packagingJobReportsTheBarcodeWithSymbologyDataPageAndBbox() {
        var t = newTenant("growth");
        float x = 200;
        float y = 300;
        JsonNode job = run(t, SamplePdfs.clean().ean13("4006381333931", x, y).bytes(), "profile_id", "packaging");
        assertThat(job.get("status").asString()).as(job.toString()).isEqualTo("completed");
        var found = new ArrayList<JsonNode>();
        job.get("findings").forEach(f -> {
            if (f.get("inspection_id").asString().equals("BARCODE_FOUND")) {
                found.add(f);
            }
        });
        assertThat(found).as(inspectionIds(job).toString()).hasSize(1);
        JsonNode f = found.getFirst();
        assertThat(f.get("severity").asString()).isEqualTo("info");
        assertThat(f.get("category").asString()).isEqualTo("barcode");
        assertThat(f.get("page_num").asInt()).isEqualTo(1);
        assertThat(f.get("details").get("symbology").asString()).isEqualTo("EAN-13");
        assertThat(f.get("details").get("data").asString()).isEqualTo("4006381333931");
        assertThat(f.get("details").get("x_dimension_mm").asDouble()).isCloseTo(0.33, within(0.002));
        JsonNode bbox = f.get("bbox");
        assertThat(bbox.get(0).asDouble()).isCloseTo(x, within(0.5));
        assertThat(bbox.get(1).asDouble()).isCloseTo(y, within(0.5));
        assertThat(bbox.get(2).asDouble()).isCloseTo(x + 95 * 0.33 * SamplePdfs.MM, within(0.5));
        assertThat(bbox.get(3).asDouble()).isCloseTo(y + 22.85 * SamplePdfs.MM, within(0.5));
        assertThat(inspectionIds(job)).doesNotContain("BARCODE_UNREADABLE", "BARCODE_MAGNIFICATION",
                "BARCODE_QUIET_ZONE", "BARCODE_COLOR", "BARCODE_HEIGHT_TRUNCATED");
    }

    @Test
    void theDefaultProfileRunsNoBarcodeCheck() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().ean13("4006381333931", 200, 300).bytes());
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(inspectionIds(job)).noneMatch(id -> id.startsWith("BARCODE_"));
    }
}
