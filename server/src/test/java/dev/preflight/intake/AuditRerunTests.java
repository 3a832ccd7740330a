package dev.preflight.intake;

import dev.preflight.jobs.JobReanalysed;
import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.PayloadApplicationEvent;
import org.junit.jupiter.api.AfterEach;
import tools.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /api/v1/jobs/{job_id}/audit-rerun: the engine re-runs on the stored file; findings are audited. */
class AuditRerunTests extends ServerTestBase {

    @Autowired
    ConfigurableApplicationContext context;

    /** JobReanalysed events, published on the scheduler's worker threads, as a listener of the running server. */
    private final List<JobReanalysed> reanalysed = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ApplicationListener<PayloadApplicationEvent<?>> listener = e -> {
        if (e.getPayload() instanceof JobReanalysed r) {
            reanalysed.add(r);
        }
    };

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    private TenantKey tenant;
    private byte[] pdf;

    @BeforeEach
    void setUp() {
        context.addApplicationListener(listener);
        tenant = newTenant("growth");
        // Under service-default: FONT_NOT_EMBEDDED (error), IMG_RES_LOW (error, 72 ppi), COLOR_RGB_USED (warning).
        pdf = SamplePdfs.clean().unembeddedHelveticaText().rgbImage(100, 72).bytes();
    }

    @AfterEach
    void tearDown() {
        context.removeApplicationListener(listener);
    }

    private static Map<String, JsonNode> byInspection(JsonNode findings) {
        var out = new HashMap<String, JsonNode>();
        findings.forEach(f -> out.put(f.get("inspection_id").asString(), f));
        return out;
    }

    /** A tenant profile that drops one check of service-default, grades another differently and adds a third. */
    private void createVariantProfile() {
        var r = api.postJson("/api/v1/profiles", tenant.key(), Map.of("profile_id", "audit-variant", "name",
                "Audit variant", "base_profile_id", "service-default", "checks", List.of(
                        Map.of("inspection_id", "FONT_NOT_EMBEDDED", "enabled", false),
                        Map.of("inspection_id", "IMG_RES_LOW", "severity", "warning"),
                        Map.of("inspection_id", "IMG_RGB", "severity", "warning"))));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
    }

    private Api.Answer rerun(String jobId, String query, Object body) {
        return body == null ? api.sendJson("POST", "/api/v1/jobs/" + jobId + "/audit-rerun" + query, tenant.key(), "")
                : api.postJson("/api/v1/jobs/" + jobId + "/audit-rerun" + query, tenant.key(), body);
    }

    @Test
    void rerunUnderAChangedProfileConfirmsReproducedFindingsKeepsTheOthersAsAnAuditRecordAndMarksNewOnes() {
        JsonNode before = run(tenant, pdf);
        String jobId = before.get("job_id").asString();
        Map<String, JsonNode> old = byInspection(before.get("findings"));
        assertThat(old.keySet()).contains("FONT_NOT_EMBEDDED", "IMG_RES_LOW", "COLOR_RGB_USED");
        assertThat(old.get("IMG_RES_LOW").get("audit").isNull()).isTrue();
        createVariantProfile();

        var r = rerun(jobId, "?wait=120", Map.of("profile_id", "audit-variant"));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode audit = r.json();
        assertThat(audit.propertyNames()).containsExactlyInAnyOrder("audit_id", "job_id", "status", "profile_id",
                "previous_profile_id", "requested_at", "completed_at", "previous_summary", "summary", "counts", "error",
                "previous_findings");
        assertThat(audit.get("status").asString()).isEqualTo("completed");
        assertThat(audit.get("profile_id").asString()).isEqualTo("audit-variant");
        assertThat(audit.get("previous_profile_id").asString()).isEqualTo("service-default");
        assertThat(audit.get("previous_summary").get("error_count").asInt())
                .isEqualTo(before.get("summary").get("error_count").asInt());

        Map<String, JsonNode> previous = byInspection(audit.get("previous_findings"));
        assertThat(previous.get("FONT_NOT_EMBEDDED").get("audit").get("status").asString()).isEqualTo("not_reproduced");
        assertThat(previous.get("FONT_NOT_EMBEDDED").get("finding_id").asString())
                .isEqualTo(old.get("FONT_NOT_EMBEDDED").get("finding_id").asString());
        assertThat(previous.get("IMG_RES_LOW").get("audit").get("status").asString()).isEqualTo("confirmed");
        assertThat(previous.get("IMG_RES_LOW").get("severity").asString()).isEqualTo("error");
        assertThat(previous.get("COLOR_RGB_USED").get("audit").get("status").asString()).isEqualTo("confirmed");
        assertThat(previous.get("COLOR_RGB_USED").get("audit").get("model").isNull()).isTrue();

        JsonNode after = api.get("/api/v1/jobs/" + jobId, tenant.key()).json();
        assertThat(after.get("profile_id").asString()).isEqualTo("audit-variant");
        assertThat(after.get("status").asString()).isEqualTo("completed");
        Map<String, JsonNode> now = byInspection(after.get("findings"));
        assertThat(now).doesNotContainKey("FONT_NOT_EMBEDDED");
        JsonNode res = now.get("IMG_RES_LOW");
        assertThat(res.get("finding_id").asString()).isEqualTo(old.get("IMG_RES_LOW").get("finding_id").asString());
        assertThat(res.get("severity").asString()).isEqualTo("warning");
        assertThat(res.get("audit").get("status").asString()).isEqualTo("confirmed");
        assertThat(res.get("audit").get("rationale").asString()).contains("audit-variant",
                "severity was error, now warning");
        assertThat(res.get("audit").get("at").isNull()).isFalse();
        assertThat(now.get("COLOR_RGB_USED").get("finding_id").asString())
                .isEqualTo(old.get("COLOR_RGB_USED").get("finding_id").asString());
        JsonNode added = now.get("IMG_RGB");
        assertThat(added.get("audit").get("status").asString()).isEqualTo("new");
        assertThat(old.values().stream().map(f -> f.get("finding_id").asString()))
                .doesNotContain(added.get("finding_id").asString());

        int newCount = (int) after.get("findings").valueStream()
                .filter(f -> f.get("audit").get("status").asString().equals("new")).count();
        JsonNode counts = audit.get("counts");
        assertThat(counts.get("not_reproduced_count").asInt()).isEqualTo(previous.values().stream()
                .filter(f -> f.get("audit").get("status").asString().equals("not_reproduced")).count());
        assertThat(counts.get("confirmed_count").asInt() + counts.get("not_reproduced_count").asInt())
                .isEqualTo(before.get("findings").size());
        assertThat(counts.get("new_count").asInt()).isEqualTo(newCount).isPositive();
        assertThat(audit.get("summary").toString()).isEqualTo(after.get("summary").toString());
        assertThat(after.get("summary").get("total_findings").asInt()).isEqualTo(after.get("findings").size());
        assertThat(after.get("summary").get("error_count").asInt())
                .isLessThan(before.get("summary").get("error_count").asInt());

        var list = api.get("/api/v1/jobs/" + jobId + "/audit-reruns", tenant.key());
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().get("audit_reruns").size()).isEqualTo(1);
        assertThat(list.json().get("audit_reruns").get(0).has("previous_findings")).isFalse();
        var one = api.get("/api/v1/jobs/" + jobId + "/audit-reruns/" + audit.get("audit_id").asString(), tenant.key());
        assertThat(one.json().get("previous_findings").size()).isEqualTo(before.get("findings").size());

        assertThat(reanalysed.stream().filter(e -> e.jobId().equals(jobId)))
                .singleElement().satisfies(e -> {
                    assertThat(e.profileId()).isEqualTo("audit-variant");
                    assertThat(e.previousProfileId()).isEqualTo("service-default");
                    assertThat(e.tenantId()).isEqualTo(tenant.tenantId());
                });
    }

    @Test
    void rerunUnderTheSameProfileConfirmsEveryFindingAndKeepsEveryId() {
        JsonNode before = run(tenant, pdf);
        String jobId = before.get("job_id").asString();
        var queued = rerun(jobId, "", null);
        assertThat(queued.status()).as(queued.text()).isEqualTo(202);
        assertThat(queued.json().get("status").asString()).isEqualTo("queued");
        assertThat(queued.json().get("summary").isNull()).isTrue();
        assertThat(queued.json().get("previous_findings").size()).isZero();
        String auditId = queued.json().get("audit_id").asString();
        JsonNode done = null;
        for (int i = 0; i < 600 && (done == null || done.get("status").asString().equals("queued")); i++) {
            done = api.get("/api/v1/jobs/" + jobId + "/audit-reruns/" + auditId, tenant.key()).json();
            sleep();
        }
        assertThat(done.get("status").asString()).isEqualTo("completed");
        assertThat(done.get("counts").get("not_reproduced_count").asInt()).isZero();
        assertThat(done.get("counts").get("new_count").asInt()).isZero();
        JsonNode after = api.get("/api/v1/jobs/" + jobId, tenant.key()).json();
        var beforeIds = before.get("findings").valueStream().map(f -> f.get("finding_id").asString()).toList();
        var afterIds = after.get("findings").valueStream().map(f -> f.get("finding_id").asString()).toList();
        assertThat(afterIds).containsExactlyInAnyOrderElementsOf(beforeIds);
        after.get("findings").forEach(f -> assertThat(f.get("audit").get("status").asString()).isEqualTo("confirmed"));
        assertThat(after.get("profile_id").asString()).isEqualTo("service-default");
    }

    @Test
    void refusesJobsThatAreNotCompletedUnknownProfilesAndBadBodies() {
        JsonNode failed = run(tenant, "not a pdf at all".getBytes());
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        var conflict = rerun(failed.get("job_id").asString(), "", Map.of());
        assertThat(conflict.status()).isEqualTo(409);
        assertThat(conflict.json().get("detail").asString()).contains("failed");

        String jobId = run(tenant, pdf, "preflight_source", "minimal").get("job_id").asString();
        var unknown = rerun(jobId, "", Map.of("profile_id", "no-such-profile"));
        assertThat(unknown.status()).isEqualTo(404);
        var tooLong = rerun(jobId, "", Map.of("profile_id", "p".repeat(129)));
        assertThat(tooLong.status()).isEqualTo(422);
        assertThat(tooLong.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"profile_id\"]");
        assertThat(rerun(jobId, "?wait=-1", Map.of()).status()).isEqualTo(422);
        assertThat(rerun(UUID.randomUUID().toString(), "", Map.of()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/jobs/" + jobId + "/audit-reruns/" + UUID.randomUUID(), tenant.key()).status())
                .isEqualTo(404);
        TenantKey readOnly = newKey(tenant.tenantId(), List.of("profiles:manage"));
        assertThat(api.postJson("/api/v1/jobs/" + jobId + "/audit-rerun", readOnly.key(), Map.of()).status())
                .isEqualTo(403);
    }

    @Test
    void aMinimalJobIsAuditedByTheEngineUnderTheGivenProfile() {
        JsonNode minimal = run(tenant, pdf, "preflight_source", "minimal");
        var r = rerun(minimal.get("job_id").asString(), "?wait=120", Map.of("profile_id", "service-default"));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode after = api.get("/api/v1/jobs/" + minimal.get("job_id").asString(), tenant.key()).json();
        assertThat(byInspection(after.get("findings")).keySet()).contains("FONT_NOT_EMBEDDED", "IMG_RES_LOW");
        after.get("findings").forEach(f -> assertThat(f.get("audit").get("status").asString()).isEqualTo("new"));
    }

    @Test
    void anotherTenantsJobAndRerunsAreNotFoundAndDeletingTheJobRemovesThem() {
        String jobId = run(tenant, pdf).get("job_id").asString();
        var done = rerun(jobId, "?wait=120", Map.of());
        assertThat(done.status()).as(done.text()).isEqualTo(200);
        String auditId = done.json().get("audit_id").asString();
        TenantKey other = newTenant("growth");
        assertThat(api.postJson("/api/v1/jobs/" + jobId + "/audit-rerun", other.key(), Map.of()).status())
                .isEqualTo(404);
        assertThat(api.get("/api/v1/jobs/" + jobId + "/audit-reruns", other.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/jobs/" + jobId + "/audit-reruns/" + auditId, other.key()).status()).isEqualTo(404);
        // An audit id of another job of the same tenant is not found under this job either.
        String second = run(tenant, pdf, "preflight_source", "minimal").get("job_id").asString();
        assertThat(api.get("/api/v1/jobs/" + second + "/audit-reruns/" + auditId, tenant.key()).status())
                .isEqualTo(404);

        assertThat(jdbc.sql("SELECT COUNT(*) FROM finding_audits WHERE job_id = ?").param(jobId).query(Long.class)
                .single()).isPositive();
        assertThat(api.delete("/api/v1/jobs/" + jobId, tenant.key()).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/jobs/" + jobId + "/audit-reruns", tenant.key()).status()).isEqualTo(404);
        for (String table : List.of("audit_reruns", "finding_audits")) {
            assertThat(jdbc.sql("SELECT COUNT(*) FROM " + table + " WHERE job_id = ?").param(jobId).query(Long.class)
                    .single()).as(table).isZero();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
