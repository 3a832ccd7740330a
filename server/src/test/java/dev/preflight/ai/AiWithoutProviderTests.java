package dev.preflight.ai;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The default context has no AI provider: every AI route answers 404, and /openapi.json still describes them. */
class AiWithoutProviderTests extends ServerTestBase {

    private static final String DETAIL = "AI features are not available on this server: no AI provider is "
            + "configured (PREFLIGHT_AI_BASE_URL, PREFLIGHT_AI_MODEL).";

    @Test
    void explainIs404EvenForAnExistingFinding() {
        TenantKey t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().withoutTrimBox().bytes());
        String finding = job.get("findings").get(0).get("finding_id").asString();

        var r = api.post("/api/v1/jobs/" + job.get("job_id").asString() + "/findings/" + finding + "/explain",
                t.key());

        assertThat(r.status()).as(r.text()).isEqualTo(404);
        assertThat(r.json().get("detail").asString()).isEqualTo(DETAIL);
        var config = api.get("/api/v1/viewer/jobs/" + job.get("job_id").asString() + "/config", t.key());
        assertThat(config.json().get("capabilities").get("ai_explain").asBoolean()).isFalse();
    }

    @Test
    void aiEnabledJobsCompleteWithoutAuditsAndPresetsAreStillChecked() {
        TenantKey t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().withoutTrimBox().bytes(), "ai_enabled", "true", "ai_preset", "full");
        assertThat(job.get("status").asString()).isEqualTo("completed");
        job.get("findings").forEach(f -> assertThat(f.get("audit").isNull()).isTrue());

        var r = api.postForm("/api/v1/jobs", t.key(), dev.preflight.support.Api.form()
                .file("file", "test.pdf", SamplePdfs.clean().bytes()).field("ai_preset", "everything"));
        assertThat(r.status()).as(r.text()).isEqualTo(422);
    }

    @Test
    void healthIs404() {
        var r = api.get("/api/v1/ai/health", null);
        assertThat(r.status()).as(r.text()).isEqualTo(404);
        assertThat(r.json().get("detail").asString()).isEqualTo(DETAIL);
    }

    @Test
    void theDocumentStillDescribesBothRoutes() {
        JsonNode doc = api.get("/openapi.json", null).json();
        assertThat(doc.get("paths").get("/api/v1/ai/health").get("get").get("operationId").asString())
                .isEqualTo("aiHealth");
        JsonNode explain = doc.get("paths").get("/api/v1/jobs/{job_id}/findings/{finding_id}/explain").get("post");
        assertThat(explain.get("operationId").asString()).isEqualTo("explainFinding");
        assertThat(explain.get("responses").get("402").get("content").get("application/json").get("schema")
                .get("$ref").asString()).isEqualTo("#/components/schemas/AiCostCapResponse");
    }
}
