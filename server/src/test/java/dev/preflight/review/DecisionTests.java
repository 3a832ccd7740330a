package dev.preflight.review;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Decisions on jobs and findings: exact bodies, effective decisions, waived_count, revoke, listing, access. */
@DatabaseIndependent
class DecisionTests extends ReviewFixtures {

    private static Map<String, Object> body(Object... kv) {
        var m = new LinkedHashMap<String, Object>();
        for (int i = 0; i + 1 < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private JsonNode decide(TenantKey t, String jobId, String findingId, Map<String, Object> body) {
        String path = "/api/v1/jobs/" + jobId + (findingId == null ? "" : "/findings/" + findingId) + "/decisions";
        var r = api.postJson(path, t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    @Test
    void aJobLevelDecisionAnswersEveryFieldAndCountsOnTheJob() {
        TenantKey t = newTenant("growth");
        JsonNode job = completedJob(t);
        String jobId = job.get("job_id").asString();
        assertThat(job.get("decisions_count").asInt()).isZero();
        Instant before = Instant.now().minusSeconds(1);

        JsonNode d = decide(t, jobId, null, body("decision_type", "approve", "decided_by_user_id", "user-42",
                "source", "dashboard", "notes", "  Looks good  "));
        assertThat(d.propertyNames()).containsExactlyInAnyOrder("id", "job_id", "finding_id", "decision_type",
                "decided_by_user_id", "source", "decided_at", "is_active", "notes", "revoked_at", "revoked_by_user_id",
                "revoked_reason");
        assertThat(d.get("id").asString()).hasSize(36);
        assertThat(d.get("job_id").asString()).isEqualTo(jobId);
        assertThat(d.get("finding_id").isNull()).isTrue();
        assertThat(d.get("decision_type").asString()).isEqualTo("approve");
        assertThat(d.get("decided_by_user_id").asString()).isEqualTo("user-42");
        assertThat(d.get("source").asString()).isEqualTo("dashboard");
        assertThat(Instant.parse(d.get("decided_at").asString())).isAfter(before);
        assertThat(d.get("decided_at").asString()).endsWith("Z");
        assertThat(d.get("is_active").asBoolean()).isTrue();
        assertThat(d.get("notes").asString()).isEqualTo("Looks good");
        assertThat(d.get("revoked_at").isNull()).isTrue();
        assertThat(d.get("revoked_by_user_id").isNull()).isTrue();
        assertThat(d.get("revoked_reason").isNull()).isTrue();

        JsonNode minimal = decide(t, jobId, null, body("decision_type", "escalate"));
        assertThat(minimal.get("source").asString()).as("default source").isEqualTo("api");
        assertThat(minimal.get("decided_by_user_id").isNull()).isTrue();
        assertThat(minimal.get("notes").isNull()).isTrue();

        JsonNode after = job(t, jobId);
        assertThat(after.get("decisions_count").asInt()).isEqualTo(2);
        after.get("findings").forEach(f -> assertThat(f.get("effective_decision").isNull())
                .as("job-level decisions do not decide findings").isTrue());
        assertThat(after.get("summary").get("waived_count").asInt()).isZero();
    }

    @Test
    void theLatestActiveDecisionIsEffectiveAndWaivesCountWithoutChangingSeverity() {
        TenantKey t = newTenant("growth");
        JsonNode job = completedJob(t);
        String jobId = job.get("job_id").asString();
        List<String> ids = findingIds(job);
        String first = ids.get(0);
        String second = ids.get(1);
        JsonNode summaryBefore = job.get("summary");

        JsonNode waive = decide(t, jobId, first, body("decision_type", "waive", "decided_by_user_id", "ann",
                "notes", "customer accepts"));
        assertThat(waive.get("finding_id").asString()).isEqualTo(first);
        decide(t, jobId, second, body("decision_type", "suppress", "source", "plugin"));

        JsonNode after = job(t, jobId);
        JsonNode s = after.get("summary");
        assertThat(s.get("waived_count").asInt()).isEqualTo(2);
        for (String field : List.of("total_findings", "error_count", "warning_count", "advisory_count", "passed")) {
            assertThat(s.get(field)).as(field).isEqualTo(summaryBefore.get(field));
        }
        JsonNode f1 = finding(after, first);
        assertThat(f1.get("severity")).isEqualTo(finding(job, first).get("severity"));
        assertThat(f1.get("effective_decision").propertyNames())
                .containsExactlyInAnyOrder("decision_type", "decided_at", "decided_by_user_id");
        assertThat(f1.get("effective_decision").get("decision_type").asString()).isEqualTo("waive");
        assertThat(f1.get("effective_decision").get("decided_by_user_id").asString()).isEqualTo("ann");
        assertThat(f1.get("effective_decision").get("decided_at").asString())
                .isEqualTo(waive.get("decided_at").asString());
        assertThat(finding(after, second).get("effective_decision").get("decision_type").asString())
                .isEqualTo("suppress");
        for (String other : ids.subList(2, ids.size())) {
            assertThat(finding(after, other).get("effective_decision").isNull()).isTrue();
        }
        assertThat(after.get("decisions_count").asInt()).isEqualTo(2);

        // A newer decision replaces the effective one; revoking it brings the waive back.
        JsonNode reject = decide(t, jobId, first, body("decision_type", "reject"));
        after = job(t, jobId);
        assertThat(finding(after, first).get("effective_decision").get("decision_type").asString())
                .isEqualTo("reject");
        assertThat(after.get("summary").get("waived_count").asInt()).isEqualTo(1);
        assertThat(after.get("decisions_count").asInt()).isEqualTo(3);

        var r = api.post("/api/v1/jobs/" + jobId + "/decisions/" + reject.get("id").asString() + "/revoke", t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        after = job(t, jobId);
        assertThat(finding(after, first).get("effective_decision").get("decision_type").asString())
                .isEqualTo("waive");
        assertThat(after.get("summary").get("waived_count").asInt()).isEqualTo(2);
        assertThat(after.get("decisions_count").asInt()).isEqualTo(2);

        // The job list carries the same summary.
        JsonNode list = api.get("/api/v1/jobs?page_size=100", t.key()).json().get("jobs");
        JsonNode row = null;
        for (JsonNode j : list) {
            if (j.get("job_id").asString().equals(jobId)) {
                row = j;
            }
        }
        assertThat(row).isNotNull();
        assertThat(row.get("summary").get("waived_count").asInt()).isEqualTo(2);
    }

    @Test
    void revokeStampsOnceAndKeepsTheDecision() {
        TenantKey t = newTenant("growth");
        JsonNode job = completedJob(t);
        String jobId = job.get("job_id").asString();
        String findingId = findingIds(job).get(0);
        JsonNode d = decide(t, jobId, findingId, body("decision_type", "waive"));
        String revoke = "/api/v1/jobs/" + jobId + "/decisions/" + d.get("id").asString() + "/revoke";

        var r1 = api.postJson(revoke, t.key(), body("revoked_by_user_id", "bob", "revoked_reason", "too early"));
        assertThat(r1.status()).as(r1.text()).isEqualTo(200);
        JsonNode revoked = r1.json();
        assertThat(revoked.get("is_active").asBoolean()).isFalse();
        assertThat(revoked.get("revoked_by_user_id").asString()).isEqualTo("bob");
        assertThat(revoked.get("revoked_reason").asString()).isEqualTo("too early");
        assertThat(Instant.parse(revoked.get("revoked_at").asString()))
                .isAfterOrEqualTo(Instant.parse(d.get("decided_at").asString()));
        for (String same : List.of("id", "job_id", "finding_id", "decision_type", "decided_at", "source")) {
            assertThat(revoked.get(same)).as(same).isEqualTo(d.get(same));
        }

        var r2 = api.postJson(revoke, t.key(), body("revoked_by_user_id", "carol", "revoked_reason", "again"));
        assertThat(r2.status()).isEqualTo(200);
        assertThat(r2.json()).as("re-revoking is a no-op").isEqualTo(revoked);

        assertThat(finding(job(t, jobId), findingId).get("effective_decision").isNull()).isTrue();
        JsonNode active = api.get("/api/v1/jobs/" + jobId + "/decisions", t.key()).json();
        assertThat(active.get("count").asInt()).isZero();
        assertThat(active.get("decisions")).isEmpty();
        JsonNode all = api.get("/api/v1/jobs/" + jobId + "/decisions?include_revoked=true", t.key()).json();
        assertThat(all.get("count").asInt()).isEqualTo(1);
        assertThat(all.get("decisions").get(0)).isEqualTo(revoked);
    }

    @Test
    void listsNewestFirstWithLimitAndRevokedOnRequest() {
        TenantKey t = newTenant("growth");
        JsonNode job = completedJob(t);
        String jobId = job.get("job_id").asString();
        String findingId = findingIds(job).get(0);
        JsonNode a = decide(t, jobId, null, body("decision_type", "annotate", "notes", "first"));
        JsonNode b = decide(t, jobId, findingId, body("decision_type", "waive"));
        JsonNode c = decide(t, jobId, null, body("decision_type", "approve"));
        api.post("/api/v1/jobs/" + jobId + "/decisions/" + b.get("id").asString() + "/revoke", t.key());

        JsonNode list = api.get("/api/v1/jobs/" + jobId + "/decisions", t.key()).json();
        assertThat(list.propertyNames()).containsExactlyInAnyOrder("decisions", "count");
        assertThat(ids(list)).containsExactly(c.get("id").asString(), a.get("id").asString());
        assertThat(list.get("count").asInt()).isEqualTo(2);
        assertThat(list.get("decisions").get(0)).isEqualTo(c);

        JsonNode all = api.get("/api/v1/jobs/" + jobId + "/decisions?include_revoked=true", t.key()).json();
        assertThat(ids(all)).containsExactly(c.get("id").asString(), b.get("id").asString(),
                a.get("id").asString());
        JsonNode limited = api.get("/api/v1/jobs/" + jobId + "/decisions?include_revoked=true&limit=2", t.key())
                .json();
        assertThat(ids(limited)).containsExactly(c.get("id").asString(), b.get("id").asString());
        assertThat(limited.get("count").asInt()).as("count is before the limit").isEqualTo(3);
        assertThat(api.get("/api/v1/jobs/" + jobId + "/decisions?include_revoked=false", t.key()).json()
                .get("count").asInt()).isEqualTo(2);
    }

    private static List<String> ids(JsonNode list) {
        var out = new java.util.ArrayList<String>();
        list.get("decisions").forEach(d -> out.add(d.get("id").asString()));
        return out;
    }

    @Test
    void invalidBodiesAndParametersAnswer422WithTheirLocation() {
        TenantKey t = newTenant("growth");
        JsonNode job = completedJob(t);
        String jobId = job.get("job_id").asString();
        String path = "/api/v1/jobs/" + jobId + "/decisions";

        assertInvalid(api.postJson(path, t.key(), body("decision_type", "maybe")), "decision_type", "enum");
        assertInvalid(api.postJson(path, t.key(), body("notes", "x")), "decision_type", "missing");
        assertInvalid(api.postJson(path, t.key(), body("decision_type", 3)), "decision_type", "string_type");
        assertInvalid(api.postJson(path, t.key(), body("decision_type", "approve", "source", "email")), "source",
                "enum");
        assertInvalid(api.postJson(path, t.key(), body("decision_type", "approve", "decided_by_user_id",
                "u".repeat(129))), "decided_by_user_id", "string_too_long");
        assertThat(api.postJson(path, t.key(), body("decision_type", "approve", "decided_by_user_id",
                "u".repeat(128))).status()).isEqualTo(200);
        for (String source : Decision.SOURCES) {
            assertThat(api.postJson(path, t.key(), body("decision_type", "annotate", "source", source)).status())
                    .as(source).isEqualTo(200);
        }
        for (String type : Decision.TYPES) {
            assertThat(api.postJson(path, t.key(), body("decision_type", type)).status()).as(type).isEqualTo(200);
        }
        assertThat(api.post(path, t.key()).status()).as("no body").isEqualTo(422);

        assertInvalid(api.get(path + "?limit=0", t.key()), "limit", "value_error");
        assertInvalid(api.get(path + "?limit=1001", t.key()), "limit", "value_error");
        assertThat(api.get(path + "?include_revoked=perhaps", t.key()).status()).isEqualTo(422);
        assertThat(api.get("/api/v1/jobs/not-a-uuid/decisions", t.key()).status()).isEqualTo(422);
        assertThat(api.postJson("/api/v1/jobs/" + jobId + "/findings/nope/decisions", t.key(),
                body("decision_type", "waive")).status()).isEqualTo(422);
        assertInvalid(api.postJson(path + "/" + java.util.UUID.randomUUID() + "/revoke", t.key(),
                body("revoked_reason", 5)), "revoked_reason", "string_type");
    }

    private static void assertInvalid(dev.preflight.support.Api.Answer r, String field, String type) {
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        JsonNode e = r.json().get("detail").get(0);
        assertThat(e.get("loc").get(1).asString()).isEqualTo(field);
        assertThat(e.get("type").asString()).isEqualTo(type);
        assertThat(e.get("msg").asString()).isNotBlank();
    }

    @Test
    void unknownFindingsAndDecisionsAnswer404() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        var r = api.postJson("/api/v1/jobs/" + jobId + "/findings/" + java.util.UUID.randomUUID() + "/decisions",
                t.key(), body("decision_type", "waive"));
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.json().get("detail").asString()).contains("Finding");
        assertThat(api.post("/api/v1/jobs/" + jobId + "/decisions/" + java.util.UUID.randomUUID() + "/revoke",
                t.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/jobs/" + java.util.UUID.randomUUID() + "/decisions", t.key()).status())
                .isEqualTo(404);
    }

    @Test
    void anotherTenantsJobsFindingsAndDecisionsAnswer404() {
        TenantKey owner = newTenant("growth");
        TenantKey other = newTenant("growth");
        JsonNode job = completedJob(owner);
        String jobId = job.get("job_id").asString();
        String findingId = findingIds(job).get(0);
        JsonNode d = decide(owner, jobId, findingId, body("decision_type", "waive"));
        String decisionId = d.get("id").asString();

        assertThat(api.get("/api/v1/jobs/" + jobId + "/decisions", other.key()).status()).isEqualTo(404);
        assertThat(api.postJson("/api/v1/jobs/" + jobId + "/decisions", other.key(),
                body("decision_type", "reject")).status()).isEqualTo(404);
        assertThat(api.postJson("/api/v1/jobs/" + jobId + "/findings/" + findingId + "/decisions", other.key(),
                body("decision_type", "reject")).status()).isEqualTo(404);
        assertThat(api.post("/api/v1/jobs/" + jobId + "/decisions/" + decisionId + "/revoke", other.key()).status())
                .isEqualTo(404);
        // The other tenant's own job does not open the owner's finding or decision either.
        String otherJob = completedJob(other).get("job_id").asString();
        assertThat(api.postJson("/api/v1/jobs/" + otherJob + "/findings/" + findingId + "/decisions", other.key(),
                body("decision_type", "reject")).status()).isEqualTo(404);
        assertThat(api.post("/api/v1/jobs/" + otherJob + "/decisions/" + decisionId + "/revoke", other.key())
                .status()).isEqualTo(404);

        JsonNode still = api.get("/api/v1/jobs/" + jobId + "/decisions", owner.key()).json();
        assertThat(still.get("count").asInt()).isEqualTo(1);
        assertThat(still.get("decisions").get(0).get("is_active").asBoolean()).isTrue();
        assertThat(job(other, otherJob).get("decisions_count").asInt()).isZero();
    }

    @Test
    void needsAKeyAndWritesNeedJobsWrite() {
        TenantKey t = newTenant("growth");
        String jobId = completedJob(t).get("job_id").asString();
        String path = "/api/v1/jobs/" + jobId + "/decisions";
        assertThat(api.get(path, null).status()).isEqualTo(401);
        assertThat(api.postJson(path, null, body("decision_type", "approve")).status()).isEqualTo(401);
        TenantKey reader = newKey(t.tenantId(), List.of("profiles:manage"));
        var r = api.postJson(path, reader.key(), body("decision_type", "approve"));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("detail").asString()).contains("jobs:write");
        assertThat(api.get(path, reader.key()).status()).as("reading needs no write permission").isEqualTo(200);
        JsonNode d = decide(t, jobId, null, body("decision_type", "approve"));
        assertThat(api.post(path + "/" + d.get("id").asString() + "/revoke", reader.key()).status()).isEqualTo(403);
        assertThat(api.post(path + "/" + d.get("id").asString() + "/revoke", null).status()).isEqualTo(401);
    }
}
