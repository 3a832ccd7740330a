package dev.preflight.review;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import tools.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Completed jobs, annotation bodies and share links shared by the annotation tests. */
abstract class AnnotationFixtures extends ServerTestBase {

    static String url(String jobId) {
        return "/api/v1/viewer/jobs/" + jobId + "/annotations";
    }

    static String publicUrl(String token) {
        return "/api/v1/viewer/public/" + token + "/annotations";
    }

    /** A completed two-page job (page geometry only, which is all annotations need). */
    String twoPageJob(TenantKey t) {
        JsonNode job = run(t, SamplePdfs.clean().pages(2).bytes(), "preflight_source", "minimal");
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("page_count").asInt()).isEqualTo(2);
        return job.get("job_id").asString();
    }

    static Map<String, Object> rect(int page) {
        return body(page, "rect", Map.of("x", 10, "y", 20.5, "w", 100, "h", 50));
    }

    static Map<String, Object> body(int page, String kind, Object geometry) {
        var b = new LinkedHashMap<String, Object>();
        b.put("page_num", page);
        b.put("kind", kind);
        b.put("geometry", geometry);
        return b;
    }

    static Map<String, Object> with(Map<String, Object> body, String field, Object value) {
        var b = new LinkedHashMap<>(body);
        b.put(field, value);
        return b;
    }

    /** Creates an annotation with the API key, asserting 201, and returns it. */
    JsonNode created(TenantKey t, String jobId, Map<String, Object> body) {
        var r = api.postJson(url(jobId), t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        return r.json();
    }

    /** Mints a json share link of a job and returns its token. */
    String shareLink(TenantKey t, String jobId, boolean allowAnnotations, boolean requireEmail) {
        var r = api.postJson("/api/v1/jobs/" + jobId + "/reports", t.key(), Map.of("formats", List.of("json"),
                "allow_annotations", allowAnnotations, "require_visitor_email", requireEmail));
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        return r.json().get("reports").get(0).get("token").asString();
    }

    /** Identifies a visitor on a link and returns the X-Visitor-Token header to send. */
    Map<String, String> visitor(String token, String email) {
        var r = api.postJson("/api/v1/reports/tokens/" + token + "/visitor", null, Map.of("email", email));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return Map.of("X-Visitor-Token", r.json().get("visitor_token").asString());
    }

    Api.Answer visitorPost(String path, Map<String, String> headers, Object body) {
        return api.sendJson("POST", path, null, body, headers);
    }

    Api.Answer visitorDelete(String path, Map<String, String> headers) {
        return api.send("DELETE", path, headers, null);
    }

    static String loc(Api.Answer r, int i) {
        return r.json().get("detail").get(i).get("loc").toString();
    }

    static String type(Api.Answer r, int i) {
        return r.json().get("detail").get(i).get("type").asString();
    }
}
