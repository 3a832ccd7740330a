package dev.preflight.reports;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import tools.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Jobs with located findings and mints, shared by the reports tests. */
abstract class ReportFixtures extends ServerTestBase {

    /** A 2-page file whose RGB image and missing bleed make located findings on both pages. */
    static byte[] findingsPdf() {
        return SamplePdfs.clean().pages(2).rgbImage(64, 100).bleedMm(0).bytes();
    }

    /** A completed job with located findings. */
    String completedJob(TenantKey t, String... fields) {
        JsonNode job = run(t, findingsPdf(), fields);
        assertThat(job.get("status").asString()).isEqualTo("completed");
        return job.get("job_id").asString();
    }

    Api.Answer mint(TenantKey t, String jobId, Map<String, Object> body) {
        return api.postJson("/api/v1/jobs/" + jobId + "/reports", t.key(), body);
    }

    Api.Answer mint(TenantKey t, String jobId, Map<String, Object> body, String idempotencyKey) {
        return api.sendJson("POST", "/api/v1/jobs/" + jobId + "/reports", t.key(), body,
                Map.of("Idempotency-Key", idempotencyKey));
    }

    /** Mints and returns format -> row, asserting 201. */
    Map<String, JsonNode> minted(TenantKey t, String jobId, Object... formats) {
        var r = mint(t, jobId, Map.of("formats", List.of(formats)));
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        var out = new HashMap<String, JsonNode>();
        r.json().get("reports").forEach(row -> out.put(row.get("format").asString(), row));
        return out;
    }

    /** The path of a minted URL (the server under test is this server). */
    static String path(JsonNode row) {
        String url = row.get("url").asString();
        return url.substring(url.indexOf("/r/"));
    }
}
