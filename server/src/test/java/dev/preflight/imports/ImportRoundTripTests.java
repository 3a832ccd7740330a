package dev.preflight.imports;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Our own findings, exported as service_json and imported again, come back the same (id prefix and source aside). */
class ImportRoundTripTests extends ServerTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void engineFindingsSurviveAnExportAndReimport() {
        var t = newTenant("growth");
        byte[] pdf = SamplePdfs.clean().withoutTrimBox().withoutOutputIntent().unembeddedHelveticaText()
                .rgbImage(100, 72).bytes();
        JsonNode engineJob = run(t, pdf);
        JsonNode original = engineJob.get("findings");
        assertThat(original.size()).isGreaterThan(3);

        ObjectNode doc = JSON.createObjectNode();
        doc.put("schema_version", "1");
        doc.putObject("source").put("tool", "Preflight").put("profile", "service-default");
        ArrayNode findings = doc.putArray("findings");
        for (JsonNode f : original) {
            ObjectNode out = findings.addObject();
            for (String key : new String[] {"inspection_id", "severity", "message", "page_num", "bbox", "object_id",
                    "object_type", "category", "iso_clause", "details"}) {
                if (f.has(key) && !f.get(key).isNull()) {
                    out.set(key, f.get(key));
                }
            }
        }
        var r = api.postForm("/api/v1/jobs?wait=60", t.key(), Api.form().file("file", "a.pdf", pdf)
                .field("preflight_source", "external").field("external_format", "service_json")
                .file("external_report", "export.json", JSON.writeValueAsBytes(doc)));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode back = r.json().get("findings");
        assertThat(back.size()).isEqualTo(original.size());
        for (int i = 0; i < original.size(); i++) {
            JsonNode a = original.get(i);
            JsonNode b = back.get(i);
            assertThat(b.get("inspection_id").asString()).isEqualTo("EXT-SVC-" + a.get("inspection_id").asString());
            assertThat(b.get("source").asString()).isEqualTo("external:service_json");
            for (String key : new String[] {"severity", "message", "page_num", "bbox", "object_id", "object_type",
                    "category", "iso_clause", "details"}) {
                assertThat(b.get(key)).as(key + " of finding " + i).isEqualTo(a.get(key));
            }
        }
        assertThat(r.json().get("summary").get("error_count").asInt())
                .isEqualTo(engineJob.get("summary").get("error_count").asInt());
    }
}
