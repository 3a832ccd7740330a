package dev.preflight.jobs;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** preflight_source=engine end to end: the first real checks fire with the spec's finding shape. */
class EngineJobTests extends ServerTestBase {

    private static final List<String> FIRST_CHECKS = List.of("DOC_ENCRYPTED", "DOC_DAMAGED", "PAGE_TRIMBOX_MISSING",
            "PAGE_BLEED_INSUFFICIENT", "FONT_NOT_EMBEDDED", "IMG_RES_LOW", "COLOR_RGB_USED", "OI_MISSING");

    private static JsonNode only(JsonNode job, String id) {
        var found = new ArrayList<JsonNode>();
        job.get("findings").forEach(f -> {
            if (f.get("inspection_id").asString().equals(id)) {
                found.add(f);
            }
        });
        assertThat(found).as(id + " in " + inspectionIds(job)).isNotEmpty();
        return found.get(0);
    }

    @Test
    void aCleanFilePassesTheDefaultProfile() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().bytes());
        assertThat(job.get("status").asString()).as(job.toString()).isEqualTo("completed");
        assertThat(inspectionIds(job)).doesNotContainAnyElementsOf(FIRST_CHECKS);
        assertThat(job.get("summary").get("error_count").asInt()).isZero();
        assertThat(job.get("summary").get("passed").asBoolean()).isTrue();
        assertThat(job.get("profile_id").asString()).isEqualTo("service-default");
    }

    @Test
    void aProblemFileRaisesTheFirstChecksWithTheFindingShape() {
        var t = newTenant("growth");
        byte[] pdf = SamplePdfs.clean().withoutTrimBox().withoutOutputIntent().unembeddedHelveticaText()
                .rgbImage(100, 72).bytes();
        JsonNode job = run(t, pdf);
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(inspectionIds(job)).contains("PAGE_TRIMBOX_MISSING", "OI_MISSING", "FONT_NOT_EMBEDDED",
                "IMG_RES_LOW", "COLOR_RGB_USED");

        JsonNode img = only(job, "IMG_RES_LOW");
        assertThat(img.get("severity").asString()).isEqualTo("error");
        assertThat(img.get("page_num").asInt()).isEqualTo(1);
        assertThat(img.get("object_type").asString()).isEqualTo("image");
        assertThat(img.get("category").asString()).isEqualTo("image");
        assertThat(img.get("source").asString()).isEqualTo("engine");
        assertThat(img.get("message").asString()).isNotBlank();
        assertThat(img.get("object_id").asString()).matches("\\d+ \\d+ R");
        // Placed at (200, 400) with 100 px at 72 ppi = 100 pt.
        JsonNode bbox = img.get("bbox");
        assertThat(bbox.size()).isEqualTo(4);
        assertThat(bbox.get(0).asDouble()).isCloseTo(200.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(bbox.get(1).asDouble()).isCloseTo(400.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(bbox.get(2).asDouble() - bbox.get(0).asDouble()).isCloseTo(100.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(img.get("details").toString()).contains("72");

        JsonNode font = only(job, "FONT_NOT_EMBEDDED");
        assertThat(font.get("object_type").asString()).isEqualTo("font");
        assertThat(font.get("details").toString()).contains("Helvetica");

        JsonNode oi = only(job, "OI_MISSING");
        assertThat(oi.get("page_num").asInt()).isZero();

        JsonNode s = job.get("summary");
        int errors = 0, warnings = 0, advisories = 0;
        for (JsonNode f : job.get("findings")) {
            switch (f.get("severity").asString()) {
                case "error" -> errors++;
                case "warning" -> warnings++;
                case "advisory" -> advisories++;
                default -> { }
            }
        }
        assertThat(s.get("error_count").asInt()).isEqualTo(errors);
        assertThat(s.get("warning_count").asInt()).isEqualTo(warnings);
        assertThat(s.get("advisory_count").asInt()).isEqualTo(advisories);
        assertThat(s.get("total_findings").asInt()).isEqualTo(job.get("findings").size());
        assertThat(s.get("passed").asBoolean()).isEqualTo(errors == 0);
        assertThat(s.get("passed").asBoolean()).isFalse();
    }

    @Test
    void insufficientBleedIsReportedWithTheMeasuredValues() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().bleedMm(1).bytes());
        JsonNode bleed = only(job, "PAGE_BLEED_INSUFFICIENT");
        assertThat(bleed.get("page_num").asInt()).isEqualTo(1);
        assertThat(bleed.get("details").toString()).contains("3");
    }

    @Test
    void encryptionIsReported() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().encryptedWithUserPassword("").bytes());
        assertThat(only(job, "DOC_ENCRYPTED").get("page_num").asInt()).isZero();
    }
}
