package dev.preflight.ai;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.preflight.billing.BillingEvents;
import dev.preflight.support.EventLog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

/** POST /api/v1/jobs/{job_id}/findings/{finding_id}/explain against a provider that answers, fails and costs. */
class AiExplanationTests extends AiTestBase {

    @Autowired
    EventLog events;

    @Test
    void explainsAFindingFromItsCheckAndDetailsAndChargesTheCallsCost() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        int index = withDetails(job);
        JsonNode finding = job.get("findings").get(index);
        answers("The trim box tells the printer where to cut.", 1200, 300);

        var r = api.post(explainPath(job, index), t.key());

        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().propertyNames()).containsExactlyInAnyOrder("finding_id", "explanation", "model", "cached",
                "cost_cents");
        assertThat(r.json().get("finding_id").asString()).isEqualTo(finding.get("finding_id").asString());
        assertThat(r.json().get("explanation").asString()).isEqualTo("The trim box tells the printer where to cut.");
        assertThat(r.json().get("model").asString()).isEqualTo("test-model-2026");
        assertThat(r.json().get("cached").asBoolean()).isFalse();
        // 1200 x 1000 / 1e6 + 300 x 2000 / 1e6 = 1.8 cents
        assertThat(r.json().get("cost_cents").asDouble()).isEqualTo(1.8);
        assertThat(aiUsedCents(t)).isEqualTo(2);

        List<LoggedRequest> sent = provider.findAll(postRequestedFor(urlEqualTo("/v1/chat/completions")));
        assertThat(sent).hasSize(1);
        assertThat(sent.get(0).getHeader("Authorization")).isEqualTo("Bearer sk-test-key");
        JsonNode body = dev.preflight.platform.Json.mapper().readTree(sent.get(0).getBodyAsString());
        assertThat(body.get("model").asString()).isEqualTo("test-model");
        String prompt = body.get("messages").get(1).get("content").asString();
        assertThat(prompt).contains("inspection_id: " + finding.get("inspection_id").asString())
                .contains("message: " + finding.get("message").asString())
                .contains("\nCheck\n").contains("description: ");
        assertThat(prompt).contains("measured_details: " + dev.preflight.platform.Json.write(
                dev.preflight.platform.Json.mapper().convertValue(finding.get("details"), Map.class)));
        // the customer's file never leaves: no PDF bytes, no file name
        assertThat(sent.get(0).getBodyAsString()).doesNotContain("%PDF").doesNotContain("test.pdf");
    }

    @Test
    void aSecondCallReturnsTheCachedExplanationWithoutAskingOrCharging() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        answers("Cached text.", 1000, 500);
        assertThat(api.post(explainPath(job, 0), t.key()).json().get("cached").asBoolean()).isFalse();

        var again = api.post(explainPath(job, 0), t.key());

        assertThat(again.status()).as(again.text()).isEqualTo(200);
        assertThat(again.json().get("cached").asBoolean()).isTrue();
        assertThat(again.json().get("cost_cents").asDouble()).isEqualTo(0.0);
        assertThat(again.json().get("explanation").asString()).isEqualTo("Cached text.");
        assertThat(again.json().get("model").asString()).isEqualTo("test-model-2026");
        provider.verify(1, postRequestedFor(urlEqualTo("/v1/chat/completions")));
        assertThat(aiUsedCents(t)).isEqualTo(2); // 1 + 1 = 2 cents, once

        // another finding of the same job is a new explanation
        assertThat(api.post(explainPath(job, 1), t.key()).json().get("cached").asBoolean()).isFalse();
        provider.verify(2, postRequestedFor(urlEqualTo("/v1/chat/completions")));
    }

    @Test
    void aProviderErrorIs502WithItsReasonAndChargesNothing() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        failsWith(500, "{\"error\":{\"message\":\"The server had an error while processing your request.\"}}");

        var r = api.post(explainPath(job, 0), t.key());

        assertThat(r.status()).as(r.text()).isEqualTo(502);
        assertThat(r.json().get("detail").asString()).isEqualTo("The AI provider answered HTTP 500 (The server had "
                + "an error while processing your request.); nothing was produced and nothing was charged.");
        assertThat(aiUsedCents(t)).isZero();

        // nothing was cached: once the provider recovers, the finding is explained
        provider.resetAll();
        answers("Recovered.", 10, 10);
        var ok = api.post(explainPath(job, 0), t.key());
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.json().get("cached").asBoolean()).isFalse();
    }

    @Test
    void aRefusedKeyIs502WithTheProvidersMessage() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        failsWith(401, "{\"error\":{\"message\":\"Incorrect API key provided.\",\"type\":\"invalid_request_error\"}}");

        var r = api.post(explainPath(job, 0), t.key());

        assertThat(r.status()).as(r.text()).isEqualTo(502);
        assertThat(r.json().get("detail").asString()).isEqualTo("The AI provider answered HTTP 401 (Incorrect API key "
                + "provided.); nothing was produced and nothing was charged.");
    }

    @Test
    void aGarbageAnswerIs502() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        provider.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody("{\"choices\": [tr")));

        var r = api.post(explainPath(job, 0), t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(502);
        assertThat(r.json().get("detail").asString()).isEqualTo("The AI provider's answer is not JSON; nothing was "
                + "produced and nothing was charged.");

        provider.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(okJson("{\"choices\": []}")));
        var empty = api.post(explainPath(job, 0), t.key());
        assertThat(empty.status()).as(empty.text()).isEqualTo(502);
        assertThat(empty.json().get("detail").asString()).isEqualTo("The AI provider's answer is not a chat completion "
                + "(no choices[0].message.content); nothing was produced and nothing was charged.");
        assertThat(aiUsedCents(t)).isZero();
    }

    @Test
    void aProviderThatDoesNotAnswerInTimeIs503() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        provider.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(okJson(completion("late", 1, 1))
                .withFixedDelay(5000)));

        long start = System.nanoTime();
        var r = api.post(explainPath(job, 0), t.key());

        assertThat(r.status()).as(r.text()).isEqualTo(503);
        assertThat(r.json().get("detail").asString()).isEqualTo("The AI provider did not answer within 2000 ms; "
                + "try again later.");
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(4500);
        assertThat(aiUsedCents(t)).isZero();
    }

    @Test
    void aRateLimitingProviderIs503WithItsRetryAfter() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        provider.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(429)
                .withHeader("Retry-After", "17").withBody("{}")));

        var r = api.post(explainPath(job, 0), t.key());

        assertThat(r.status()).as(r.text()).isEqualTo(503);
        assertThat(r.header("Retry-After")).isEqualTo("17");
        assertThat(r.json().get("detail").asString()).isEqualTo("The AI provider is rate limiting this server "
                + "(HTTP 429); try again later.");
    }

    @Test
    void aSpentCapIs402WithItsBodyAfterTheLowAndExhaustedEvents() {
        TenantKey t = newTenant("growth");
        var patch = api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN,
                Map.of("ai_monthly_cap_cents", 3));
        assertThat(patch.status()).as(patch.text()).isEqualTo(200);
        JsonNode job = jobWithFindings(t);
        answers("Costly.", 1200, 300); // 1.8 cents a call

        assertThat(api.post(explainPath(job, 0), t.key()).status()).isEqualTo(200); // 1.8 of 3
        assertThat(lows(t)).isEmpty();
        assertThat(api.post(explainPath(job, 1), t.key()).status()).isEqualTo(200); // 3.6 of 3: low and exhausted
        assertThat(lows(t)).hasSize(1);
        var exhausted = events.of(BillingEvents.AiCreditsExhausted.class).stream()
                .filter(e -> e.tenantId().equals(t.tenantId())).toList();
        assertThat(exhausted).hasSize(1);
        assertThat(exhausted.get(0).monthlyCapCents()).isEqualTo(3);
        assertThat(exhausted.get(0).usedCents()).isEqualTo(4);

        assertThat(job.get("findings").size()).isGreaterThanOrEqualTo(3);
        var refused = api.post(explainPath(job, 2), t.key());

        assertThat(refused.status()).as(refused.text()).isEqualTo(402);
        String end = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1).plusMonths(1).atStartOfDay()
                .toInstant(ZoneOffset.UTC).toString();
        assertThat(refused.json().propertyNames()).containsExactlyInAnyOrder("detail", "used_cents",
                "monthly_cap_cents");
        assertThat(refused.json().get("detail").asString()).isEqualTo("The monthly AI cost cap of this tenant is "
                + "spent (4 of 3 cents); AI features resume on " + end + " or with a higher cap. Preflight and "
                + "reports keep working.");
        assertThat(refused.json().get("used_cents").isIntegralNumber()).isTrue();
        assertThat(refused.json().get("used_cents").asLong()).isEqualTo(4);
        assertThat(refused.json().get("monthly_cap_cents").asLong()).isEqualTo(3);
        provider.verify(2, postRequestedFor(urlEqualTo("/v1/chat/completions")));

        // what was explained stays readable: cached answers cost nothing
        var cached = api.post(explainPath(job, 0), t.key());
        assertThat(cached.status()).as(cached.text()).isEqualTo(200);
        assertThat(cached.json().get("cached").asBoolean()).isTrue();
        // and preflight keeps working
        assertThat(run(t, dev.preflight.support.SamplePdfs.clean().bytes()).get("status").asString())
                .isEqualTo("completed");
    }

    /** The index of the first finding that carries measured details. */
    private static int withDetails(JsonNode job) {
        for (int i = 0; i < job.get("findings").size(); i++) {
            JsonNode d = job.get("findings").get(i).get("details");
            if (d != null && d.isObject() && !d.isEmpty()) {
                return i;
            }
        }
        throw new AssertionError("the fixture job has no finding with details: " + job.get("findings"));
    }

    private List<BillingEvents.AiCreditsLow> lows(TenantKey t) {
        return events.of(BillingEvents.AiCreditsLow.class).stream().filter(e -> e.tenantId().equals(t.tenantId()))
                .toList();
    }

    @Test
    void anotherTenantsJobsAndFindingsAreNotFound() {
        TenantKey owner = newTenant("growth");
        TenantKey other = newTenant("growth");
        JsonNode job = jobWithFindings(owner);
        JsonNode otherJob = jobWithFindings(other);
        answers("Never.", 1, 1);

        var foreign = api.post(explainPath(job, 0), other.key());
        assertThat(foreign.status()).as(foreign.text()).isEqualTo(404);
        assertThat(foreign.json().get("detail").asString())
                .isEqualTo("Job " + job.get("job_id").asString() + " not found.");

        // a finding of another tenant's job under one's own job id
        String mixed = "/api/v1/jobs/" + otherJob.get("job_id").asString() + "/findings/"
                + job.get("findings").get(0).get("finding_id").asString() + "/explain";
        var crossed = api.post(mixed, other.key());
        assertThat(crossed.status()).as(crossed.text()).isEqualTo(404);
        assertThat(crossed.json().get("detail").asString()).isEqualTo("Finding "
                + job.get("findings").get(0).get("finding_id").asString() + " not found in job "
                + otherJob.get("job_id").asString() + ".");

        var unknown = api.post("/api/v1/jobs/" + job.get("job_id").asString() + "/findings/" + UUID.randomUUID()
                + "/explain", owner.key());
        assertThat(unknown.status()).isEqualTo(404);
        provider.verify(0, postRequestedFor(urlEqualTo("/v1/chat/completions")));
    }

    @Test
    void malformedIdsAre422AndAKeyWithoutJobsPermissionIs403() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        var bad = api.post("/api/v1/jobs/" + job.get("job_id").asString() + "/findings/not-a-uuid/explain", t.key());
        assertThat(bad.status()).as(bad.text()).isEqualTo(422);
        assertThat(bad.json().get("detail").get(0).get("type").asString()).isEqualTo("uuid_parsing");

        TenantKey reader = newKey(t.tenantId(), List.of("profiles:manage"));
        var forbidden = api.post(explainPath(job, 0), reader.key());
        assertThat(forbidden.status()).as(forbidden.text()).isEqualTo(403);
        assertThat(forbidden.json().get("detail").asString())
                .isEqualTo("This API key lacks the permission 'jobs:write'.");
        provider.verify(0, postRequestedFor(urlEqualTo("/v1/chat/completions")));
    }

    @Test
    void theViewerConfigSaysFindingsCanBeExplained() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        var config = api.get("/api/v1/viewer/jobs/" + job.get("job_id").asString() + "/config", t.key());
        assertThat(config.status()).as(config.text()).isEqualTo(200);
        assertThat(config.json().get("capabilities").get("ai_explain").asBoolean()).isTrue();
    }

    @Test
    void deletingTheJobDeletesItsExplanations() {
        TenantKey t = newTenant("growth");
        JsonNode job = jobWithFindings(t);
        answers("Gone soon.", 1, 1);
        assertThat(api.post(explainPath(job, 0), t.key()).status()).isEqualTo(200);

        assertThat(api.delete("/api/v1/jobs/" + job.get("job_id").asString(), t.key()).status()).isEqualTo(204);

        assertThat(api.post(explainPath(job, 0), t.key()).status()).isEqualTo(404);
        Integer rows = jdbc.sql("SELECT COUNT(*) FROM ai_explanations WHERE job_id = ?")
                .param(job.get("job_id").asString()).query(Integer.class).single();
        assertThat(rows).isZero();
    }

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;
}
