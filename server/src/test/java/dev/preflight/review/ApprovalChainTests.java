package dev.preflight.review;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import dev.preflight.support.Api;
import dev.preflight.support.EventLog;
import dev.preflight.support.TestClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Approval chains through the API: attach, approve, reject, cancel, time out, and their events. */
class ApprovalChainTests extends ReviewFixtures {

    @Autowired
    EventLog events;

    @Autowired
    TestClock clock;

    @Autowired
    SchedulerClient scheduler;

    @Autowired
    ApprovalService service;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    static Map<String, Object> step(String name, String email, Integer hours) {
        var m = new LinkedHashMap<String, Object>();
        m.put("step_name", name);
        m.put("approver_email", email);
        if (hours != null) {
            m.put("timeout_hours", hours);
        }
        return m;
    }

    static Map<String, Object> chain(Object... steps) {
        return Map.of("steps", List.of(steps));
    }

    static String chainPath(String jobId) {
        return "/api/v1/jobs/" + jobId + "/approval-chain";
    }

    JsonNode attach(TenantKey t, String jobId, Map<String, Object> body) {
        var r = api.postJson(chainPath(jobId), t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    Api.Answer decide(TenantKey t, String jobId, int step, String decision, String notes) {
        var body = new LinkedHashMap<String, Object>();
        body.put("decision", decision);
        if (notes != null) {
            body.put("notes", notes);
        }
        return api.postJson(chainPath(jobId) + "/steps/" + step + "/decision", t.key(), body);
    }

    <T> List<T> eventsOf(Class<T> type, String chainId, java.util.function.Function<T, String> chain) {
        return events.of(type).stream().filter(e -> chain.apply(e).equals(chainId)).toList();
    }

    @Test
    void attachingToACompletedJobStartsStepZeroWithItsTimeout() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        Instant before = Instant.now().minusSeconds(1);
        JsonNode c = attach(t, jobId, chain(step("Prepress", "Pre@Example.com", 2), step("Customer", "ann@example.com",
                null)));

        assertThat(c.propertyNames()).containsExactlyInAnyOrder("chain_id", "job_id", "status", "current_step",
                "created_by", "created_at", "finished_at", "steps");
        String chainId = c.get("chain_id").asString();
        assertThat(c.get("job_id").asString()).isEqualTo(jobId);
        assertThat(c.get("status").asString()).isEqualTo("in_progress");
        assertThat(c.get("current_step").asInt()).isZero();
        assertThat(c.get("created_by").asString()).isEqualTo("api_key:" + t.keyId());
        assertThat(Instant.parse(c.get("created_at").asString())).isAfter(before);
        assertThat(c.get("finished_at").isNull()).isTrue();
        JsonNode s0 = c.get("steps").get(0);
        assertThat(s0.propertyNames()).containsExactlyInAnyOrder("step_index", "step_name", "approver_email",
                "timeout_hours", "status", "started_at", "expires_at", "decided_at", "decision", "notes",
                "decided_by", "decided_via");
        assertThat(s0.get("step_index").asInt()).isZero();
        assertThat(s0.get("step_name").asString()).isEqualTo("Prepress");
        assertThat(s0.get("approver_email").asString()).isEqualTo("pre@example.com");
        assertThat(s0.get("timeout_hours").asInt()).isEqualTo(2);
        assertThat(s0.get("status").asString()).isEqualTo("in_progress");
        Instant started = Instant.parse(s0.get("started_at").asString());
        Instant expires = Instant.parse(s0.get("expires_at").asString());
        assertThat(expires).isEqualTo(started.plus(Duration.ofHours(2)));
        for (String f : List.of("decided_at", "decision", "notes", "decided_by", "decided_via")) {
            assertThat(s0.get(f).isNull()).as(f).isTrue();
        }
        JsonNode s1 = c.get("steps").get(1);
        assertThat(s1.get("status").asString()).isEqualTo("pending");
        assertThat(s1.get("timeout_hours").isNull()).isTrue();
        assertThat(s1.get("started_at").isNull()).isTrue();

        assertThat(api.get(chainPath(jobId), t.key()).json()).isEqualTo(c);

        var started0 = eventsOf(ApprovalEvents.ChainStarted.class, chainId, ApprovalEvents.ChainStarted::chainId);
        assertThat(started0).containsExactly(new ApprovalEvents.ChainStarted(t.tenantId(), jobId, chainId, 2));
        assertThat(eventsOf(ApprovalEvents.StepStarted.class, chainId, ApprovalEvents.StepStarted::chainId))
                .containsExactly(new ApprovalEvents.StepStarted(t.tenantId(), jobId, chainId, 0, "Prepress",
                        "pre@example.com", expires));

        var task = scheduler.getScheduledExecution(TaskInstanceId.of("approval-step-timeout", chainId + "/0"));
        assertThat(task).isPresent();
        assertThat(task.get().getExecutionTime()).isEqualTo(expires);
        assertThat(task.get().getData()).isEqualTo(t.tenantId());
    }

    @Test
    void approvingEveryStepInOrderApprovesTheChainWhichIsThenFinal() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        String chainId = attach(t, jobId, chain(step("Prepress", "pre@example.com", 4),
                step("Customer", "ann@example.com", 24))).get("chain_id").asString();

        assertThat(decide(t, jobId, 1, "approve", null).status()).as("not the step in review").isEqualTo(409);
        assertThat(decide(t, jobId, 5, "approve", null).status()).as("no such step").isEqualTo(404);

        var r0 = decide(t, jobId, 0, "approve", "  colours fine ");
        assertThat(r0.status()).as(r0.text()).isEqualTo(200);
        JsonNode c = r0.json();
        assertThat(c.get("status").asString()).isEqualTo("in_progress");
        assertThat(c.get("current_step").asInt()).isEqualTo(1);
        JsonNode s0 = c.get("steps").get(0);
        assertThat(s0.get("status").asString()).isEqualTo("approved");
        assertThat(s0.get("decision").asString()).isEqualTo("approve");
        assertThat(s0.get("notes").asString()).isEqualTo("colours fine");
        assertThat(s0.get("decided_by").asString()).isEqualTo("api_key:" + t.keyId());
        assertThat(s0.get("decided_via").asString()).isEqualTo("api");
        assertThat(s0.get("decided_at").isNull()).isFalse();
        assertThat(c.get("steps").get(1).get("status").asString()).isEqualTo("in_progress");
        assertThat(scheduler.getScheduledExecution(TaskInstanceId.of("approval-step-timeout", chainId + "/0")))
                .as("the decided step's timeout is gone").isEmpty();
        assertThat(scheduler.getScheduledExecution(TaskInstanceId.of("approval-step-timeout", chainId + "/1")))
                .isPresent();
        assertThat(decide(t, jobId, 0, "approve", null).status()).as("already decided").isEqualTo(409);

        JsonNode done = decide(t, jobId, 1, "approve", null).json();
        assertThat(done.get("status").asString()).isEqualTo("approved");
        assertThat(done.get("current_step").isNull()).isTrue();
        assertThat(done.get("finished_at").isNull()).isFalse();
        assertThat(done.get("steps").get(1).get("status").asString()).isEqualTo("approved");
        assertThat(done.get("steps").get(1).get("notes").isNull()).isTrue();

        var decided = eventsOf(ApprovalEvents.StepDecided.class, chainId, ApprovalEvents.StepDecided::chainId);
        assertThat(decided).containsExactly(
                new ApprovalEvents.StepDecided(t.tenantId(), jobId, chainId, 0, "Prepress", "pre@example.com",
                        "approve", "colours fine"),
                new ApprovalEvents.StepDecided(t.tenantId(), jobId, chainId, 1, "Customer", "ann@example.com",
                        "approve", null));
        assertThat(eventsOf(ApprovalEvents.StepStarted.class, chainId, ApprovalEvents.StepStarted::chainId)
                .stream().map(ApprovalEvents.StepStarted::stepIndex)).containsExactly(0, 1);
        assertThat(eventsOf(ApprovalEvents.ChainCompleted.class, chainId, ApprovalEvents.ChainCompleted::chainId))
                .containsExactly(new ApprovalEvents.ChainCompleted(t.tenantId(), jobId, chainId));
        assertThat(eventsOf(ApprovalEvents.ChainRejected.class, chainId, ApprovalEvents.ChainRejected::chainId))
                .isEmpty();

        // Each step decision is on the job's decision record, newest first.
        JsonNode list = api.get("/api/v1/jobs/" + jobId + "/decisions", t.key()).json().get("decisions");
        assertThat(list).hasSize(2);
        assertThat(list.get(0).get("source").asString()).isEqualTo("approval_chain");
        assertThat(list.get(0).get("decision_type").asString()).isEqualTo("approve");
        assertThat(list.get(0).get("decided_by_user_id").asString()).isEqualTo("ann@example.com");
        assertThat(list.get(1).get("notes").asString()).isEqualTo("Approval step 0 (Prepress): colours fine");

        // A decided chain is immutable and final.
        assertThat(decide(t, jobId, 1, "reject", null).status()).isEqualTo(409);
        assertThat(api.post(chainPath(jobId) + "/cancel", t.key()).status()).isEqualTo(409);
        var again = api.postJson(chainPath(jobId), t.key(), chain(step("Again", "x@example.com", null)));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("detail").asString()).contains("approved");
        service.expire(t.tenantId(), chainId, 1);
        assertThat(api.get(chainPath(jobId), t.key()).json()).isEqualTo(done);
    }

    @Test
    void aRejectionEndsTheChainAndANewChainMayFollow() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        String chainId = attach(t, jobId, chain(step("Prepress", "pre@example.com", null),
                step("Customer", "ann@example.com", null))).get("chain_id").asString();

        JsonNode c = decide(t, jobId, 0, "reject", "bleed missing").json();
        assertThat(c.get("status").asString()).isEqualTo("rejected");
        assertThat(c.get("current_step").isNull()).isTrue();
        assertThat(c.get("steps").get(0).get("status").asString()).isEqualTo("rejected");
        assertThat(c.get("steps").get(0).get("decision").asString()).isEqualTo("reject");
        assertThat(c.get("steps").get(1).get("status").asString()).isEqualTo("cancelled");
        assertThat(eventsOf(ApprovalEvents.ChainRejected.class, chainId, ApprovalEvents.ChainRejected::chainId))
                .containsExactly(new ApprovalEvents.ChainRejected(t.tenantId(), jobId, chainId, 0, "Prepress",
                        "bleed missing"));
        assertThat(eventsOf(ApprovalEvents.StepStarted.class, chainId, ApprovalEvents.StepStarted::chainId))
                .hasSize(1);
        JsonNode rejected = api.get("/api/v1/jobs/" + jobId + "/decisions", t.key()).json().get("decisions").get(0);
        assertThat(rejected.get("decision_type").asString()).isEqualTo("reject");
        assertThat(rejected.get("source").asString()).isEqualTo("approval_chain");

        assertThat(decide(t, jobId, 1, "approve", null).status()).isEqualTo(409);
        assertThat(api.post(chainPath(jobId) + "/cancel", t.key()).status()).isEqualTo(409);

        JsonNode next = attach(t, jobId, chain(step("Retry", "pre@example.com", null)));
        assertThat(next.get("chain_id").asString()).isNotEqualTo(chainId);
        assertThat(next.get("status").asString()).isEqualTo("in_progress");
        assertThat(api.get(chainPath(jobId), t.key()).json().get("chain_id").asString())
                .isEqualTo(next.get("chain_id").asString());
        var busy = api.postJson(chainPath(jobId), t.key(), chain(step("Third", "pre@example.com", null)));
        assertThat(busy.status()).as("one chain in progress at a time").isEqualTo(409);
    }

    @Test
    void chainsAttachedAtOnceOpenOnlyOne() throws Exception {
        TenantKey t = newTenant("growth");
        var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 6; round++) {
                String jobId = run(t, dev.preflight.support.SamplePdfs.clean().bytes(), "preflight_source", "minimal")
                        .get("job_id").asString();
                var start = new java.util.concurrent.CountDownLatch(1);
                var calls = new ArrayList<java.util.concurrent.Future<Integer>>();
                for (int i = 0; i < 4; i++) {
                    String name = "Try " + i;
                    calls.add(pool.submit(() -> {
                        start.await();
                        return new Api(port).postJson(chainPath(jobId), t.key(),
                                chain(step(name, "a@example.com", null))).status();
                    }));
                }
                start.countDown();
                var statuses = new ArrayList<Integer>();
                for (var c : calls) {
                    statuses.add(c.get());
                }
                assertThat(statuses).as("round " + round).containsExactlyInAnyOrder(200, 409, 409, 409);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void cancellingEndsTheChainAndRemovesItsTimeout() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        String chainId = attach(t, jobId, chain(step("Prepress", "pre@example.com", 1),
                step("Customer", "ann@example.com", null))).get("chain_id").asString();

        var r = api.post(chainPath(jobId) + "/cancel", t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode c = r.json();
        assertThat(c.get("status").asString()).isEqualTo("cancelled");
        assertThat(c.get("current_step").isNull()).isTrue();
        assertThat(c.get("finished_at").isNull()).isFalse();
        c.get("steps").forEach(s -> assertThat(s.get("status").asString()).isEqualTo("cancelled"));
        assertThat(eventsOf(ApprovalEvents.ChainCancelled.class, chainId, ApprovalEvents.ChainCancelled::chainId))
                .containsExactly(new ApprovalEvents.ChainCancelled(t.tenantId(), jobId, chainId));
        assertThat(scheduler.getScheduledExecution(TaskInstanceId.of("approval-step-timeout", chainId + "/0")))
                .isEmpty();
        assertThat(api.post(chainPath(jobId) + "/cancel", t.key()).status()).isEqualTo(409);
        assertThat(decide(t, jobId, 0, "approve", null).status()).isEqualTo(409);
    }

    @Test
    void aStepWhoseTimeoutPassesTimesTheChainOutThroughTheScheduler() throws Exception {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        String chainId = attach(t, jobId, chain(step("Prepress", "pre@example.com", 2),
                step("Customer", "ann@example.com", 2))).get("chain_id").asString();
        TaskInstanceId task = TaskInstanceId.of("approval-step-timeout", chainId + "/0");

        clock.advance(Duration.ofHours(1));
        assertThatThrownBy(() -> service.expire(t.tenantId(), chainId, 0)).as("not due yet")
                .isInstanceOf(IllegalStateException.class);
        assertThat(api.get(chainPath(jobId), t.key()).json().get("status").asString()).isEqualTo("in_progress");

        clock.advance(Duration.ofHours(1).plusSeconds(1));
        // The task is due at the real deadline; run it now, as the scheduler would at that time.
        scheduler.reschedule(task, Instant.now());
        JsonNode c = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            c = api.get(chainPath(jobId), t.key()).json();
            if (c.get("status").asString().equals("timed_out")) {
                break;
            }
            Thread.sleep(200);
        }
        assertThat(c.get("status").asString()).isEqualTo("timed_out");
        assertThat(c.get("current_step").isNull()).isTrue();
        assertThat(c.get("steps").get(0).get("status").asString()).isEqualTo("timed_out");
        assertThat(c.get("steps").get(0).get("decision").isNull()).isTrue();
        assertThat(c.get("steps").get(1).get("status").asString()).isEqualTo("cancelled");
        assertThat(eventsOf(ApprovalEvents.ChainTimedOut.class, chainId, ApprovalEvents.ChainTimedOut::chainId))
                .containsExactly(new ApprovalEvents.ChainTimedOut(t.tenantId(), jobId, chainId, 0, "Prepress",
                        "pre@example.com"));
        assertThat(decide(t, jobId, 0, "approve", null).status()).isEqualTo(409);
        assertThat(scheduler.getScheduledExecution(task)).isEmpty();
        // Running the task again (at-least-once delivery) changes nothing.
        service.expire(t.tenantId(), chainId, 0);
        assertThat(eventsOf(ApprovalEvents.ChainTimedOut.class, chainId, ApprovalEvents.ChainTimedOut::chainId))
                .hasSize(1);
        assertThat(attach(t, jobId, chain(step("Retry", "pre@example.com", null))).get("status").asString())
                .as("a timed-out chain may be replaced").isEqualTo("in_progress");
    }

    @Test
    void invalidChainsAndDecisionsAnswer422WithTheirLocation() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        String path = chainPath(jobId);
        assertLoc(api.postJson(path, t.key(), Map.of()), List.of("body", "steps"), "missing");
        assertLoc(api.postJson(path, t.key(), Map.of("steps", List.of())), List.of("body", "steps"), "too_short");
        assertLoc(api.postJson(path, t.key(), Map.of("steps", "one")), List.of("body", "steps"), "list_type");
        var many = new ArrayList<Object>();
        for (int i = 0; i < 21; i++) {
            many.add(step("s" + i, "a@example.com", null));
        }
        assertLoc(api.postJson(path, t.key(), Map.of("steps", many)), List.of("body", "steps"), "too_long");
        assertLoc(api.postJson(path, t.key(), chain(step("A", "a@example.com", null), Map.of("step_name", "B"))),
                List.of("body", "steps", 1, "approver_email"), "missing");
        assertLoc(api.postJson(path, t.key(), chain(step("A", "not-an-email", null))),
                List.of("body", "steps", 0, "approver_email"), "value_error");
        assertLoc(api.postJson(path, t.key(), chain(step("A", "a@example.com", 0))),
                List.of("body", "steps", 0, "timeout_hours"), "greater_than_equal");
        assertLoc(api.postJson(path, t.key(), chain(step("A", "a@example.com", 8761))),
                List.of("body", "steps", 0, "timeout_hours"), "less_than_equal");
        assertLoc(api.postJson(path, t.key(), chain(step("A", "a@example.com", null), step("a", "b@example.com",
                null))), List.of("body", "steps", 1, "step_name"), "value_error");
        assertLoc(api.postJson(path, t.key(), chain(step("x".repeat(129), "a@example.com", null))),
                List.of("body", "steps", 0, "step_name"), "string_too_long");
        var extra = step("A", "a@example.com", null);
        extra.put("role", "boss");
        assertLoc(api.postJson(path, t.key(), chain(extra)), List.of("body", "steps", 0, "role"), "extra_forbidden");
        assertLoc(api.postJson(path, t.key(), chain("A")), List.of("body", "steps", 0), "model_type");
        assertThat(api.get(path, t.key()).status()).as("nothing attached by invalid bodies").isEqualTo(404);

        attach(t, jobId, chain(step("A", "a@example.com", null)));
        assertLoc(decide(t, jobId, 0, "maybe", null), List.of("body", "decision"), "enum");
        assertLoc(api.postJson(path + "/steps/0/decision", t.key(), Map.of("notes", "x")),
                List.of("body", "decision"), "missing");
        assertLoc(api.postJson(path + "/steps/0/decision", t.key(), Map.of("decision", "approve", "notes",
                "n".repeat(4001))), List.of("body", "notes"), "string_too_long");
        assertThat(api.postJson(path + "/steps/first/decision", t.key(), Map.of("decision", "approve")).status())
                .isEqualTo(422);
        assertThat(api.get(path, t.key()).json().get("steps").get(0).get("status").asString())
                .isEqualTo("in_progress");
    }

    private static void assertLoc(Api.Answer r, List<Object> loc, String type) {
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        JsonNode e = r.json().get("detail").get(0);
        var got = new ArrayList<Object>();
        e.get("loc").forEach(n -> got.add(n.isInt() ? (Object) n.asInt() : n.asString()));
        assertThat(got).isEqualTo(loc);
        assertThat(e.get("type").asString()).isEqualTo(type);
    }

    @Test
    void anotherTenantsJobAnswers404OnEveryRouteAndWritesNeedJobsWrite() {
        TenantKey owner = newTenant("growth");
        TenantKey other = newTenant("growth");
        String jobId = completedJob(owner).get("job_id").asString();
        assertThat(api.get(chainPath(jobId), owner.key()).status()).as("no chain yet").isEqualTo(404);
        assertThat(api.post(chainPath(jobId) + "/cancel", owner.key()).status()).isEqualTo(404);
        assertThat(decide(owner, jobId, 0, "approve", null).status()).isEqualTo(404);
        JsonNode c = attach(owner, jobId, chain(step("A", "a@example.com", null)));

        assertThat(api.get(chainPath(jobId), other.key()).status()).isEqualTo(404);
        assertThat(api.postJson(chainPath(jobId), other.key(), chain(step("B", "b@example.com", null))).status())
                .isEqualTo(404);
        assertThat(decide(other, jobId, 0, "approve", null).status()).isEqualTo(404);
        assertThat(api.post(chainPath(jobId) + "/cancel", other.key()).status()).isEqualTo(404);
        assertThat(api.get(chainPath(UUID.randomUUID().toString()), owner.key()).status()).isEqualTo(404);
        assertThat(api.get(chainPath(jobId), owner.key()).json()).as("untouched").isEqualTo(c);

        assertThat(api.get(chainPath(jobId), null).status()).isEqualTo(401);
        assertThat(api.post(chainPath(jobId) + "/cancel", null).status()).isEqualTo(401);
        TenantKey reader = newKey(owner.tenantId(), List.of("profiles:manage"));
        assertThat(api.get(chainPath(jobId), reader.key()).status()).isEqualTo(200);
        assertThat(decide(reader, jobId, 0, "approve", null).status()).isEqualTo(403);
        assertThat(api.post(chainPath(jobId) + "/cancel", reader.key()).status()).isEqualTo(403);
        assertThat(api.postJson(chainPath(jobId), reader.key(), chain(step("B", "b@example.com", null))).status())
                .isEqualTo(403);
        assertThat(api.get(chainPath(jobId), owner.key()).json()).isEqualTo(c);
    }
}
