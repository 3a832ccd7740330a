package dev.preflight.ai;

import dev.preflight.billing.BillingEvents;
import dev.preflight.support.Api;
import dev.preflight.support.EventLog;
import dev.preflight.support.SamplePdfs;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

/** ai_enabled, ai_categories, ai_features and ai_preset at submit: the AI audit of a completed job's findings. */
class AiAuditTests extends AiTestBase {

    private static final String VERDICT = "{\"status\": \"disputed\", \"rationale\": \"The page size equals the "
            + "media box; no trim is needed.\"}";

    @Autowired
    EventLog events;

    @Autowired
    JdbcClient jdbc;

    private static byte[] pdf() {
        return SamplePdfs.clean().withoutTrimBox().withoutOutputIntent().unembeddedHelveticaText().bytes();
    }

    @Test
    void aiEnabledAuditsEveryFindingAfterTheJobCompletes() {
        TenantKey t = newTenant("growth");
        answers("```json\n" + VERDICT + "\n```", 1000, 500); // 1 + 1 = 2 cents a finding

        String jobId = submit(t, pdf(), "ai_enabled", "true");
        JsonNode job = awaitAudits(t, jobId, f -> true);

        int n = job.get("findings").size();
        for (JsonNode f : job.get("findings")) {
            JsonNode audit = f.get("audit");
            assertThat(audit.get("status").asString()).isEqualTo("disputed");
            assertThat(audit.get("rationale").asString()).isEqualTo("The page size equals the media box; no trim is "
                    + "needed.");
            assertThat(audit.get("model").asString()).isEqualTo("test-model-2026");
            assertThat(audit.get("at").asString()).endsWith("Z");
        }
        provider.verify(n, postRequestedFor(urlEqualTo("/v1/chat/completions")));
        assertThat(aiUsedCents(t)).isEqualTo(2L * n);
        String prompt = provider.findAll(postRequestedFor(urlEqualTo("/v1/chat/completions"))).get(0)
                .getBodyAsString();
        assertThat(prompt).contains("auditing the result of an automated preflight check").doesNotContain("%PDF");
    }

    @Test
    void auditsWrittenAfterTheJobWasReadShowAtTheNextRead() {
        TenantKey t = newTenant("growth");
        // every answer takes a second: the completed job is read (and kept) before its first audit is written
        provider.stubFor(post(urlEqualTo("/v1/chat/completions"))
                .willReturn(okJson(completion(VERDICT, 1000, 500)).withFixedDelay(1000)));

        String jobId = submit(t, pdf(), "ai_enabled", "true");
        JsonNode read = awaitJob(t, jobId);
        assertThat(read.get("findings").size()).isPositive();
        for (JsonNode f : read.get("findings")) {
            assertThat(f.get("audit").isNull()).as("no audit written yet: %s", f).isTrue();
        }

        JsonNode audited = awaitAudits(t, jobId, f -> true);
        for (JsonNode f : audited.get("findings")) {
            assertThat(f.get("audit").get("status").asString()).isEqualTo("disputed");
        }
    }

    @Test
    void aiFeaturesWinOverAiCategories() {
        TenantKey t = newTenant("growth");
        answers(VERDICT, 10, 10);

        String jobId = submit(t, pdf(), "ai_enabled", "true", "ai_features", "page_trimbox_missing",
                "ai_categories", "font");
        JsonNode job = awaitAudits(t, jobId, f -> f.get("inspection_id").asString().equals("PAGE_TRIMBOX_MISSING"));

        assertOnlyAudited(job, f -> f.get("inspection_id").asString().equals("PAGE_TRIMBOX_MISSING"));
    }

    @Test
    void aiCategoriesSelectByCategoryWhenAiIsEnabled() {
        TenantKey t = newTenant("growth");
        answers(VERDICT, 10, 10);

        String jobId = submit(t, pdf(), "ai_enabled", "true", "ai_categories", "font, output_intent");
        Predicate<JsonNode> inScope = f -> List.of("font", "output_intent").contains(f.get("category").asString());
        JsonNode job = awaitAudits(t, jobId, inScope);

        assertOnlyAudited(job, inScope);
    }

    @Test
    void aPresetEnablesAiWithItsSelection() {
        TenantKey t = newTenant("growth");
        answers(VERDICT, 10, 10);

        String jobId = submit(t, pdf(), "ai_preset", "fonts");
        Predicate<JsonNode> inScope = f -> List.of("font", "text").contains(f.get("category").asString());
        JsonNode job = awaitAudits(t, jobId, inScope);

        assertOnlyAudited(job, inScope);
    }

    @Test
    void withoutAiEnabledOrWithAiEnabledFalseNothingIsAudited() throws Exception {
        TenantKey t = newTenant("growth");
        answers(VERDICT, 10, 10);

        JsonNode plain = run(t, pdf());
        JsonNode forcedOff = run(t, pdf(), "ai_enabled", "false", "ai_preset", "full");
        // categories alone do not enable AI (only applied when ai_enabled=true)
        JsonNode categoriesOnly = run(t, pdf(), "ai_categories", "font");
        // An audit is queued in the transaction that completes its job: none queued by now means none ever.

        for (JsonNode job : List.of(plain, forcedOff, categoriesOnly)) {
            assertThat(aiTasks(job.get("job_id").asString())).isZero();
            JsonNode again = api.get("/api/v1/jobs/" + job.get("job_id").asString(), t.key()).json();
            again.get("findings").forEach(f -> assertThat(f.get("audit").isNull()).isTrue());
        }
        provider.verify(0, postRequestedFor(urlEqualTo("/v1/chat/completions")));
    }

    @Test
    void anUnknownPresetIs422() {
        TenantKey t = newTenant("growth");
        var r = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "test.pdf", pdf())
                .field("ai_preset", "everything"));

        assertThat(r.status()).as(r.text()).isEqualTo(422);
        JsonNode d = r.json().get("detail").get(0);
        assertThat(d.get("loc").toString()).isEqualTo("[\"body\",\"ai_preset\"]");
        assertThat(d.get("msg").asString()).isEqualTo("Input should be 'full', 'blocking', 'color', 'images', "
                + "'fonts' or 'geometry'");
        assertThat(d.get("type").asString()).isEqualTo("enum");
    }

    @Test
    void aWorkflowMayPinOnlyAKnownPreset() {
        TenantKey t = newTenant("growth");
        var refused = api.postJson("/api/v1/workflows", t.key(), Map.of("name", "w", "profile_id", "service-default",
                "ai_preset", "everything"));
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        assertThat(refused.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"ai_preset\"]");

        var ok = api.postJson("/api/v1/workflows", t.key(), Map.of("name", "w", "profile_id", "service-default",
                "ai_preset", "images"));
        assertThat(ok.status()).as(ok.text()).isEqualTo(200);
    }

    @Test
    void theAuditStopsWhenTheCostCapIsSpent() throws Exception {
        TenantKey t = newTenant("growth");
        assertThat(api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN,
                Map.of("ai_monthly_cap_cents", 1)).status()).isEqualTo(200);
        answers(VERDICT, 1200, 300); // 1.8 cents: the first call spends the cap

        String jobId = submit(t, pdf(), "ai_enabled", "true");
        awaitJob(t, jobId);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (aiTasks(jobId) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(aiTasks(jobId)).isZero();

        JsonNode job = api.get("/api/v1/jobs/" + jobId, t.key()).json();
        long audited = count(job, f -> !f.get("audit").isNull());
        assertThat(audited).isEqualTo(1);
        assertThat(job.get("findings").size()).isGreaterThan(1);
        provider.verify(1, postRequestedFor(urlEqualTo("/v1/chat/completions")));
        assertThat(events.of(BillingEvents.AiCreditsExhausted.class).stream()
                .filter(e -> e.tenantId().equals(t.tenantId())).count()).isEqualTo(1);
    }

    @Test
    void anAnswerThatIsNoVerdictLeavesTheFindingUnaudited() {
        assertThat(AiAudits.verdict("I think it is fine.")).isNull();
        assertThat(AiAudits.verdict("{\"status\": \"maybe\"}")).isNull();
        assertThat(AiAudits.verdict("{\"status\": \"confirmed\"")).isNull();
        assertThat(AiAudits.verdict("Sure: {\"status\": \"confirmed\", \"rationale\": \"Real.\"} done"))
                .isEqualTo(new AiAudits.Verdict("confirmed", "Real."));
        assertThat(AiAudits.verdict("{\"status\": \"uncertain\"}")).isEqualTo(new AiAudits.Verdict("uncertain", null));
    }

    @Test
    void anotherTenantNeverSeesTheAudits() {
        TenantKey t = newTenant("growth");
        TenantKey other = newTenant("growth");
        answers(VERDICT, 10, 10);
        String jobId = submit(t, pdf(), "ai_preset", "blocking");
        awaitAudits(t, jobId, f -> f.get("severity").asString().equals("error"));

        assertThat(api.get("/api/v1/jobs/" + jobId, other.key()).status()).isEqualTo(404);
    }

    private int aiTasks(String jobId) {
        return jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks WHERE task_name = 'ai-audit' AND task_instance = ?")
                .param(jobId).query(Integer.class).single();
    }

    /** Waits until the audit task of the job is done and every finding in scope carries its audit. */
    private JsonNode awaitAudits(TenantKey t, String jobId, Predicate<JsonNode> inScope) {
        awaitJob(t, jobId);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            JsonNode job = api.get("/api/v1/jobs/" + jobId, t.key()).json();
            boolean all = true;
            for (JsonNode f : job.get("findings")) {
                if (inScope.test(f) && f.get("audit").isNull()) {
                    all = false;
                }
            }
            if (all && aiTasks(jobId) == 0) {
                assertThat(count(job, inScope)).as("findings in scope").isPositive();
                return job;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("audits of job " + jobId + " not done: " + job.get("findings"));
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private void assertOnlyAudited(JsonNode job, Predicate<JsonNode> inScope) {
        var wrong = new ArrayList<String>();
        for (JsonNode f : job.get("findings")) {
            if (inScope.test(f) == f.get("audit").isNull()) {
                wrong.add(f.get("inspection_id").asString() + "/" + f.get("category").asString());
            }
        }
        assertThat(wrong).as("findings audited outside, or unaudited inside, the scope").isEmpty();
        assertThat(count(job, f -> !inScope.test(f))).as("findings outside the scope").isPositive();
        provider.verify((int) count(job, inScope), postRequestedFor(urlEqualTo("/v1/chat/completions")));
    }

    private static long count(JsonNode job, Predicate<JsonNode> p) {
        long n = 0;
        for (JsonNode f : job.get("findings")) {
            if (p.test(f)) {
                n++;
            }
        }
        return n;
    }
}
