package dev.preflight.review;

import dev.preflight.support.Api;
import dev.preflight.support.EventLog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.util.Map;

import static dev.preflight.review.ApprovalChainTests.chain;
import static dev.preflight.review.ApprovalChainTests.chainPath;
import static dev.preflight.review.ApprovalChainTests.step;
import static org.assertj.core.api.Assertions.assertThat;

/** Approvers decide through a share link of the job, without an API key, as the identified visitor. */
class ApprovalShareLinkTests extends ReviewFixtures {

    @Autowired
    EventLog events;

    private Api.Answer decideAs(String token, String visitorToken, String decision, String notes) {
        var body = new java.util.LinkedHashMap<String, Object>();
        body.put("decision", decision);
        if (notes != null) {
            body.put("notes", notes);
        }
        Map<String, String> headers = visitorToken == null ? Map.of() : Map.of("X-Visitor-Token", visitorToken);
        return api.sendJson("POST", "/api/v1/viewer/public/" + token + "/approval-chain/decision", null, body,
                headers);
    }

    @Test
    void eachApproverDecidesTheirOwnStepThroughTheLink() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        var attached = api.postJson(chainPath(jobId), t.key(), chain(step("Prepress", "pre@example.com", null),
                step("Customer", "Ann@Example.com", null)));
        assertThat(attached.status()).as(attached.text()).isEqualTo(200);
        String chainId = attached.json().get("chain_id").asString();
        String token = shareToken(t, jobId, false);
        String pre = visitor(token, "pre@example.com");
        String ann = visitor(token, "ann@example.com");
        String carol = visitor(token, "carol@example.com");

        var anonymous = decideAs(token, null, "approve", null);
        assertThat(anonymous.status()).as("the visitor must identify").isEqualTo(403);
        assertThat(anonymous.json().get("detail").asString()).contains("X-Visitor-Token");
        var stranger = decideAs(token, carol, "approve", null);
        assertThat(stranger.status()).isEqualTo(403);
        assertThat(stranger.json().get("detail").asString()).contains("Prepress");
        assertThat(decideAs(token, ann, "approve", null).status()).as("not ann's step yet").isEqualTo(403);

        var read = api.get("/api/v1/viewer/public/" + token + "/approval-chain", null);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(api.get(chainPath(jobId), t.key()).json());

        var first = decideAs(token, pre, "approve", "proof ok");
        assertThat(first.status()).as(first.text()).isEqualTo(200);
        JsonNode s0 = first.json().get("steps").get(0);
        assertThat(s0.get("status").asString()).isEqualTo("approved");
        assertThat(s0.get("decided_by").asString()).isEqualTo("pre@example.com");
        assertThat(s0.get("decided_via").asString()).isEqualTo("share_link");
        assertThat(s0.get("notes").asString()).isEqualTo("proof ok");
        assertThat(first.json().get("current_step").asInt()).isEqualTo(1);
        assertThat(decideAs(token, pre, "approve", null).status()).as("pre's step is done").isEqualTo(403);

        JsonNode done = decideAs(token, ann, "approve", null).json();
        assertThat(done.get("status").asString()).isEqualTo("approved");
        assertThat(done.get("steps").get(1).get("decided_by").asString()).isEqualTo("ann@example.com");
        assertThat(events.of(ApprovalEvents.ChainCompleted.class)).contains(
                new ApprovalEvents.ChainCompleted(t.tenantId(), jobId, chainId));
        assertThat(events.of(ApprovalEvents.StepDecided.class).stream()
                .filter(e -> e.chainId().equals(chainId)).map(ApprovalEvents.StepDecided::approverEmail))
                .containsExactly("pre@example.com", "ann@example.com");

        var late = decideAs(token, ann, "reject", null);
        assertThat(late.status()).as("a decided chain is final").isEqualTo(409);
    }

    @Test
    void aRejectionThroughTheLinkEndsTheChain() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        String chainId = api.postJson(chainPath(jobId), t.key(), chain(step("Customer", "ann@example.com", null),
                step("Press", "press@example.com", null))).json().get("chain_id").asString();
        String token = shareToken(t, jobId, true);
        String ann = visitor(token, "ann@example.com");

        assertThat(api.get("/api/v1/viewer/public/" + token + "/approval-chain", null).status())
                .as("the link requires an email").isEqualTo(403);
        JsonNode c = decideAs(token, ann, "reject", "wrong colour").json();
        assertThat(c.get("status").asString()).isEqualTo("rejected");
        assertThat(c.get("steps").get(1).get("status").asString()).isEqualTo("cancelled");
        assertThat(events.of(ApprovalEvents.ChainRejected.class)).contains(new ApprovalEvents.ChainRejected(
                t.tenantId(), jobId, chainId, 0, "Customer", "wrong colour"));
        JsonNode d = api.get("/api/v1/jobs/" + jobId + "/decisions", t.key()).json().get("decisions").get(0);
        assertThat(d.get("decided_by_user_id").asString()).isEqualTo("ann@example.com");
        assertThat(d.get("source").asString()).isEqualTo("approval_chain");
    }

    @Test
    void unknownRevokedAndInvalidRequestsAreRefused() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        String token = shareToken(t, jobId, false);
        String ann = visitor(token, "ann@example.com");

        assertThat(api.get("/api/v1/viewer/public/" + token + "/approval-chain", null).status())
                .as("no chain yet").isEqualTo(404);
        assertThat(decideAs(token, ann, "approve", null).status()).isEqualTo(404);
        api.postJson(chainPath(jobId), t.key(), chain(step("Customer", "ann@example.com", null)));
        assertThat(decideAs(token, ann, "perhaps", null).status()).isEqualTo(422);
        assertThat(decideAs("A".repeat(43), ann, "approve", null).status()).isEqualTo(404);
        assertThat(decideAs("short", ann, "approve", null).status()).isEqualTo(404);

        assertThat(api.delete("/api/v1/jobs/" + jobId + "/reports/" + token, t.key()).status()).isEqualTo(204);
        assertThat(decideAs(token, ann, "approve", null).status()).isEqualTo(410);
        assertThat(api.get("/api/v1/viewer/public/" + token + "/approval-chain", null).status()).isEqualTo(410);
        assertThat(api.get(chainPath(jobId), t.key()).json().get("status").asString()).isEqualTo("in_progress");

        // A link of another tenant's job opens only that job's chain.
        TenantKey other = newTenant("growth");
        String otherJob = completedJob(other).get("job_id").asString();
        String otherToken = shareToken(other, otherJob, false);
        String otherAnn = visitor(otherToken, "ann@example.com");
        assertThat(decideAs(otherToken, otherAnn, "approve", null).status()).isEqualTo(404);
        assertThat(api.get(chainPath(jobId), t.key()).json().get("status").asString()).isEqualTo("in_progress");
    }
}
