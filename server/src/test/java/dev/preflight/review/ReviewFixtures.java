package dev.preflight.review;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Completed jobs with findings, and share links minted for them, shared by the review tests. */
abstract class ReviewFixtures extends ServerTestBase {

    /** A completed job whose RGB image and missing bleed make several findings; returns its JobResponse. */
    JsonNode completedJob(TenantKey t) {
        JsonNode job = run(t, SamplePdfs.clean().pages(2).rgbImage(64, 100).bleedMm(0).bytes());
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("findings").size()).as("findings to decide on").isGreaterThanOrEqualTo(2);
        return job;
    }

    JsonNode job(TenantKey t, String jobId) {
        var r = api.get("/api/v1/jobs/" + jobId, t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    static List<String> findingIds(JsonNode job) {
        var ids = new ArrayList<String>();
        job.get("findings").forEach(f -> ids.add(f.get("finding_id").asString()));
        return ids;
    }

    static JsonNode finding(JsonNode job, String findingId) {
        for (JsonNode f : job.get("findings")) {
            if (f.get("finding_id").asString().equals(findingId)) {
                return f;
            }
        }
        throw new AssertionError("no finding " + findingId);
    }

    /** Mints a json share link of the job and returns its token. */
    String shareToken(TenantKey t, String jobId, boolean requireVisitorEmail) {
        var r = api.postJson("/api/v1/jobs/" + jobId + "/reports", t.key(),
                Map.of("formats", List.of("json"), "require_visitor_email", requireVisitorEmail));
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        return r.json().get("reports").get(0).get("token").asString();
    }

    /** Identifies a visitor of a link and returns the X-Visitor-Token header value. */
    String visitor(String token, String email) {
        Api.Answer r = api.postJson("/api/v1/reports/tokens/" + token + "/visitor", null, Map.of("email", email));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json().get("visitor_token").asString();
    }
}
