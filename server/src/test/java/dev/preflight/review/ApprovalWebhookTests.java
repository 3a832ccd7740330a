package dev.preflight.review;

import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.TestClock;
import dev.preflight.support.WebhookTestBase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.preflight.review.ApprovalChainTests.chain;
import static dev.preflight.review.ApprovalChainTests.chainPath;
import static dev.preflight.review.ApprovalChainTests.step;
import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;

/** The seven approval events reach webhooks with the payloads /openapi.json documents. */
class ApprovalWebhookTests extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final List<String> APPROVAL_EVENTS = List.of("approval.chain.started", "approval.step.started",
            "approval.step.decided", "approval.chain.completed", "approval.chain.rejected",
            "approval.chain.cancelled", "approval.chain.timeout");

    @Autowired
    TestClock clock;

    @Autowired
    ApprovalService service;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private String job(TenantKey t) {
        JsonNode job = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        assertThat(job.get("status").asString()).isEqualTo("completed");
        return job.get("job_id").asString();
    }

    private String attach(TenantKey t, String jobId, Map<String, Object> body) {
        var r = api.postJson(chainPath(jobId), t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json().get("chain_id").asString();
    }

    private static JsonNode body(HttpsReceiver.Received r) {
        return JSON.readTree(r.body());
    }

    private JsonNode one(HttpsReceiver r, String name, String chainId) {
        var got = r.await(event(name).and(x -> body(x).get("chain_id").asString().equals(chainId)), 1, WAIT);
        api.checkWebhook(name, got.get(0).body());
        return body(got.get(0));
    }

    @Test
    void everyApprovalEventIsDeliveredWithItsDocumentedPayload() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/hooks"), "events", APPROVAL_EVENTS));

        String approvedJob = job(t);
        String approved = attach(t, approvedJob, chain(step("Prepress", "pre@example.com", 6),
                step("Customer", "ann@example.com", null)));
        api.postJson(chainPath(approvedJob) + "/steps/0/decision", t.key(), Map.of("decision", "approve",
                "notes", "ok"));
        api.postJson(chainPath(approvedJob) + "/steps/1/decision", t.key(), Map.of("decision", "approve"));

        JsonNode started = one(r, "approval.chain.started", approved);
        assertThat(started.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "chain_id",
                "status", "step_count");
        assertThat(started.get("job_id").asString()).isEqualTo(approvedJob);
        assertThat(started.get("status").asString()).isEqualTo("in_progress");
        assertThat(started.get("step_count").asInt()).isEqualTo(2);

        var steps = r.await(event("approval.step.started")
                .and(x -> body(x).get("chain_id").asString().equals(approved)), 2, WAIT);
        steps.forEach(s -> api.checkWebhook("approval.step.started", s.body()));
        JsonNode first = steps.stream().map(ApprovalWebhookTests::body)
                .filter(b -> b.get("step_index").asInt() == 0).findFirst().orElseThrow();
        assertThat(first.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "chain_id",
                "step_index", "step_name", "approver_email", "expires_at");
        assertThat(first.get("step_name").asString()).isEqualTo("Prepress");
        assertThat(first.get("approver_email").asString()).isEqualTo("pre@example.com");
        assertThat(first.get("expires_at").isNull()).isFalse();

        var decided = r.await(event("approval.step.decided")
                .and(x -> body(x).get("chain_id").asString().equals(approved)), 2, WAIT);
        decided.forEach(s -> api.checkWebhook("approval.step.decided", s.body()));
        JsonNode d0 = decided.stream().map(ApprovalWebhookTests::body)
                .filter(b -> b.get("step_index").asInt() == 0).findFirst().orElseThrow();
        assertThat(d0.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "chain_id",
                "step_index", "step_name", "approver_email", "decision", "notes");
        assertThat(d0.get("decision").asString()).isEqualTo("approve");
        assertThat(d0.get("notes").asString()).isEqualTo("ok");

        JsonNode completed = one(r, "approval.chain.completed", approved);
        assertThat(completed.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id",
                "chain_id", "status");
        assertThat(completed.get("status").asString()).isEqualTo("approved");

        String rejectedJob = job(t);
        String rejected = attach(t, rejectedJob, chain(step("Customer", "ann@example.com", null)));
        api.postJson(chainPath(rejectedJob) + "/steps/0/decision", t.key(), Map.of("decision", "reject",
                "notes", "no"));
        JsonNode rej = one(r, "approval.chain.rejected", rejected);
        assertThat(rej.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "chain_id",
                "status", "step_index", "step_name", "notes");
        assertThat(rej.get("status").asString()).isEqualTo("rejected");
        assertThat(rej.get("notes").asString()).isEqualTo("no");

        String cancelledJob = job(t);
        String cancelled = attach(t, cancelledJob, chain(step("Customer", "ann@example.com", null)));
        assertThat(api.post(chainPath(cancelledJob) + "/cancel", t.key()).status()).isEqualTo(200);
        JsonNode can = one(r, "approval.chain.cancelled", cancelled);
        assertThat(can.get("status").asString()).isEqualTo("cancelled");
        assertThat(can.get("job_id").asString()).isEqualTo(cancelledJob);

        String timedOutJob = job(t);
        String timedOut = attach(t, timedOutJob, chain(step("Customer", "ann@example.com", 1)));
        clock.advance(Duration.ofHours(1).plusSeconds(1));
        service.expire(t.tenantId(), timedOut, 0);
        JsonNode out = one(r, "approval.chain.timeout", timedOut);
        assertThat(out.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "chain_id",
                "status", "step_index", "step_name", "approver_email");
        assertThat(out.get("status").asString()).isEqualTo("timed_out");
        assertThat(out.get("approver_email").asString()).isEqualTo("ann@example.com");
    }
}
