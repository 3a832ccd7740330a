package dev.preflight.review;

import dev.preflight.support.Api;
import dev.preflight.support.EventLog;
import dev.preflight.support.Subscriptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

import static dev.preflight.review.ApprovalChainTests.chain;
import static dev.preflight.review.ApprovalChainTests.chainPath;
import static dev.preflight.review.ApprovalChainTests.step;
import static org.assertj.core.api.Assertions.assertThat;

/** GET /api/v1/jobs/{job_id}/state and its share-link twin, and job.state_changed. */
class JobStateTests extends ReviewFixtures {

    @Autowired
    EventLog events;

    private static String state(String jobId) {
        return "/api/v1/jobs/" + jobId + "/state";
    }

    private static String shared(String token) {
        return "/api/v1/viewer/public/" + token + "/state";
    }

    private Api.Answer annotate(TenantKey t, String jobId, int page) {
        var a = api.postJson("/api/v1/viewer/jobs/" + jobId + "/annotations", t.key(), Map.of("page_num", page,
                "kind", "rect", "geometry", Map.of("x", 10, "y", 20, "w", 30, "h", 40)));
        assertThat(a.status()).as(a.text()).isEqualTo(201);
        return a;
    }

    private static JsonNode mintedFormat(JsonNode mint, String format) {
        for (JsonNode r : mint.get("reports")) {
            if (r.get("format").asString().equals(format)) {
                return r;
            }
        }
        throw new AssertionError("no " + format + " in " + mint);
    }

    private List<JobStateChanged> changes(String jobId) {
        return events.of(JobStateChanged.class).stream().filter(e -> e.jobId().equals(jobId)).toList();
    }

    @Test
    void theStateShowsEveryBlockAsTheOwningRoutesDo() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();

        JsonNode bare = api.get(state(jobId), t.key()).json();
        assertThat(bare.propertyNames()).containsExactly("job", "reports", "approval_chain", "verdict",
                "annotations");
        assertThat(bare.get("job")).isEqualTo(job(t, jobId));
        assertThat(bare.get("reports").size()).isZero();
        assertThat(bare.get("approval_chain").isNull()).as("no chain attached").isTrue();
        assertThat(bare.get("verdict").get("verdict").asString()).isEqualTo("fail");
        assertThat(bare.get("verdict").get("auto_passed").asBoolean()).isFalse();
        assertThat(bare.get("annotations").get("total").asInt()).isZero();

        var minted = api.postJson("/api/v1/jobs/" + jobId + "/reports", t.key(),
                Map.of("formats", List.of("json", "html"), "allow_annotations", true));
        assertThat(minted.status()).as(minted.text()).isEqualTo(201);
        api.postJson(chainPath(jobId), t.key(), chain(step("Prepress", "pre@example.com", null),
                step("Customer", "ann@example.com", 24)));
        api.postJson(chainPath(jobId) + "/steps/0/decision", t.key(), Map.of("decision", "approve", "notes", "ok"));
        api.postJson("/api/v1/viewer/jobs/" + jobId + "/verdict", t.key(), Map.of("verdict", "pass"));
        String first = annotate(t, jobId, 1).json().get("id").asString();
        annotate(t, jobId, 2);
        annotate(t, jobId, 1);
        var comment = api.postJson("/api/v1/viewer/jobs/" + jobId + "/annotations/" + first + "/comments", t.key(),
                Map.of("body", "Move the logo"));
        assertThat(comment.status()).isEqualTo(201);

        JsonNode s = api.get(state(jobId), t.key()).json();
        JsonNode reports = s.get("reports");
        assertThat(reports.size()).isEqualTo(2);
        for (int i = 0; i < 2; i++) {
            JsonNode m = mintedFormat(minted.json(), reports.get(i).get("format").asString());
            assertThat(reports.get(i).propertyNames()).containsExactly("format", "url", "token", "allow_annotations",
                    "require_visitor_email");
            assertThat(reports.get(i).get("format")).isEqualTo(m.get("format"));
            assertThat(reports.get(i).get("url")).isEqualTo(m.get("url"));
            assertThat(reports.get(i).get("token")).isEqualTo(m.get("token"));
            assertThat(reports.get(i).get("allow_annotations").asBoolean()).isTrue();
            assertThat(reports.get(i).get("require_visitor_email").asBoolean()).isFalse();
        }
        JsonNode c = s.get("approval_chain");
        assertThat(c.get("status").asString()).isEqualTo("in_progress");
        assertThat(c.get("current_step").asInt()).isEqualTo(1);
        assertThat(c.get("step_history").size()).as("the steps reached so far").isEqualTo(2);
        JsonNode h0 = c.get("step_history").get(0);
        assertThat(h0.propertyNames()).containsExactly("step_name", "approver_email", "status", "decision", "notes");
        assertThat(h0.get("step_name").asString()).isEqualTo("Prepress");
        assertThat(h0.get("decision").asString()).isEqualTo("approve");
        assertThat(h0.get("notes").asString()).isEqualTo("ok");
        JsonNode h1 = c.get("step_history").get(1);
        assertThat(h1.get("status").asString()).isEqualTo("in_progress");
        assertThat(h1.get("decision").isNull()).isTrue();
        assertThat(s.get("verdict").get("verdict").asString()).isEqualTo("pass");
        assertThat(s.get("verdict").get("auto_passed").asBoolean()).isFalse();
        JsonNode a = s.get("annotations");
        assertThat(a.get("total").asInt()).isEqualTo(3);
        assertThat(a.get("by_page").toString()).isEqualTo("{\"1\":2,\"2\":1}");
        assertThat(a.get("items")).isEqualTo(api.get("/api/v1/viewer/jobs/" + jobId + "/annotations?include=comments",
                t.key()).json());
        assertThat(a.get("items").get(0).get("comments").get(0).get("body").asString()).isEqualTo("Move the logo");
        assertThat(s.get("job").get("reports").get("html").asString())
                .isEqualTo(mintedFormat(minted.json(), "html").get("url").asString());
    }

    @Test
    void includeNamesTheBlocksAndRefusesUnknownKeys() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();

        assertThat(api.get(state(jobId) + "?include=verdict", t.key()).json().propertyNames())
                .containsExactly("job", "verdict");
        assertThat(api.get(state(jobId) + "?include=approval_chain,annotations", t.key()).json().propertyNames())
                .containsExactly("job", "approval_chain", "annotations");
        assertThat(api.get(state(jobId) + "?include=reports", t.key()).json().propertyNames())
                .containsExactly("job", "reports");

        var bad = api.get(state(jobId) + "?include=verdict,findings", t.key());
        assertThat(bad.status()).isEqualTo(422);
        JsonNode d = bad.json().get("detail").get(0);
        assertThat(d.get("loc").toString()).isEqualTo("[\"query\",\"include\"]");
        assertThat(d.get("msg").asString()).contains("findings").contains("approval_chain");
    }

    @Test
    void aFailedJobHasNoVerdictAndOtherTenantsSeeNothing() {
        TenantKey t = newTenant("growth");
        JsonNode failed = run(t, "hello, this is a text file".getBytes());
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        String failedId = failed.get("job_id").asString();
        JsonNode s = api.get(state(failedId), t.key()).json();
        assertThat(s.get("verdict").isNull()).isTrue();
        assertThat(s.get("job").get("status").asString()).isEqualTo("failed");

        TenantKey other = newTenant("growth");
        assertThat(api.get(state(failedId), other.key()).status()).isEqualTo(404);
        assertThat(api.get(state(java.util.UUID.randomUUID().toString()), t.key()).status()).isEqualTo(404);
        assertThat(api.get(state("not-a-uuid"), t.key()).status()).isEqualTo(422);
        assertThat(api.get(state(failedId), null).status()).isEqualTo(401);
    }

    @Test
    void theShareLinkTwinShowsItsOwnJobWithoutShareLinks() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        String otherJob = completedJob(t).get("job_id").asString();
        String token = shareToken(t, jobId, false);
        annotate(t, jobId, 1);

        JsonNode twin = api.get(shared(token), null).json();
        assertThat(twin.propertyNames()).containsExactly("job", "approval_chain", "verdict", "annotations");
        JsonNode full = api.get(state(jobId), t.key()).json();
        assertThat(twin.get("job").get("job_id").asString()).isEqualTo(jobId).isNotEqualTo(otherJob);
        assertThat(twin.get("job").get("reports").get("pdf").isNull()).isTrue();
        assertThat(twin.get("job").get("reports").get("html").isNull()).isTrue();
        assertThat(twin.get("job").get("findings")).isEqualTo(full.get("job").get("findings"));
        assertThat(twin.get("verdict")).isEqualTo(full.get("verdict"));
        assertThat(twin.get("annotations")).isEqualTo(full.get("annotations"));
        assertThat(api.get(shared(token) + "?include=annotations", null).json().propertyNames())
                .containsExactly("job", "annotations");
        var reports = api.get(shared(token) + "?include=reports", null);
        assertThat(reports.status()).as("a visitor never sees the job's other links").isEqualTo(422);

        assertThat(api.get(shared("A".repeat(43)), null).status()).isEqualTo(404);
        String gated = shareToken(t, jobId, true);
        assertThat(api.get(shared(gated), null).status()).isEqualTo(403);
        assertThat(api.getWithHeaders(shared(gated), Map.of("X-Visitor-Token", visitor(gated, "ann@example.com")))
                .status()).isEqualTo(200);
        assertThat(api.delete("/api/v1/jobs/" + jobId + "/reports/" + token, t.key()).status()).isEqualTo(204);
        assertThat(api.get(shared(token), null).status()).isEqualTo(410);
    }

    @Test
    void everyChangeOfTheStatePublishesOneEventPerTransactionWithTheCommittedState() {
        TenantKey t = newTenant("growth");
        Subscriptions.subscribe(api, t.key(), List.of("job.state_changed"));
        String jobId = completedJob(t).get("job_id").asString();
        assertThat(changes(jobId)).extracting(JobStateChanged::reason).containsExactly("job_completed");
        assertThat(changes(jobId).get(0).state().job().status()).isEqualTo("completed");

        String token = shareToken(t, jobId, false);
        api.postJson("/api/v1/viewer/jobs/" + jobId + "/verdict", t.key(), Map.of("verdict", "fail",
                "notes", "old logo"));
        String annotation = annotate(t, jobId, 1).json().get("id").asString();
        api.postJson("/api/v1/viewer/jobs/" + jobId + "/annotations/" + annotation + "/comments", t.key(),
                Map.of("body", "see here"));
        api.postJson(chainPath(jobId), t.key(), chain(step("Customer", "ann@example.com", null)));
        // One transaction: the step is decided and the chain completes; one event for both.
        api.postJson(chainPath(jobId) + "/steps/0/decision", t.key(), Map.of("decision", "approve"));
        api.delete("/api/v1/viewer/jobs/" + jobId + "/annotations/" + annotation, t.key());
        api.delete("/api/v1/jobs/" + jobId + "/reports/" + token, t.key());
        // Rolled back: an invalid verdict changes nothing and publishes nothing.
        api.postJson("/api/v1/viewer/jobs/" + jobId + "/verdict", t.key(), Map.of("verdict", "maybe"));

        List<JobStateChanged> all = changes(jobId);
        assertThat(all).extracting(JobStateChanged::reason).containsExactly("job_completed", "report_minted",
                "verdict_changed", "annotation_created", "comment_created", "approval_changed", "approval_changed",
                "annotation_deleted", "report_revoked");
        assertThat(all).allSatisfy(e -> assertThat(e.tenantId()).isEqualTo(t.tenantId()));
        assertThat(all.get(1).state().reports()).hasSize(1);
        assertThat(all.get(2).state().verdict().notes()).isEqualTo("old logo");
        assertThat(all.get(4).state().annotations().items().get(0).comments()).hasSize(1);
        assertThat(all.get(6).state().approvalChain().status()).isEqualTo("approved");
        assertThat(all.get(8).state().reports()).isEmpty();
        assertThat(all.get(8).state().annotations().total()).isZero();
    }

    @Test
    void theDigestIsAssembledOnlyForTenantsWithAWebhookThatReceivesIt() {
        TenantKey none = newTenant("growth");
        TenantKey other = newTenant("growth");
        Subscriptions.subscribe(api, other.key(), List.of("job.completed", "job.failed"));
        TenantKey all = newTenant("growth");
        Subscriptions.subscribe(api, all.key(), List.of());
        TenantKey inactive = newTenant("growth");
        String off = Subscriptions.subscribe(api, inactive.key(), List.of("job.state_changed"));
        assertThat(api.patchJson("/api/v1/webhooks/" + off, inactive.key(), Map.of("is_active", false)).status())
                .isEqualTo(200);

        assertThat(changes(completedJob(none).get("job_id").asString())).as("no webhook").isEmpty();
        assertThat(changes(completedJob(other).get("job_id").asString())).as("not subscribed").isEmpty();
        assertThat(changes(completedJob(inactive).get("job_id").asString())).as("inactive webhook").isEmpty();
        String jobId = completedJob(all).get("job_id").asString();
        assertThat(changes(jobId)).extracting(JobStateChanged::reason).containsExactly("job_completed");
        assertThat(changes(jobId).get(0).state().job().jobId()).isEqualTo(jobId);
    }
}
