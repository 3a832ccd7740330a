package dev.preflight.intake;

import dev.preflight.jobs.JobService;
import dev.preflight.jobs.SubmitOptions;
import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Workflows CRUD and workflow_id at submit: the workflow fills what the submission omits; explicit parts win. */
class WorkflowTests extends ServerTestBase {

    @Autowired
    JobService jobs;

    private TenantKey tenant;
    private byte[] pdf;

    @BeforeEach
    void setUp() {
        tenant = newTenant("starter");
        pdf = SamplePdfs.clean().bytes();
    }

    private JsonNode create(Map<String, Object> body) {
        var r = api.postJson("/api/v1/workflows", tenant.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    private static Map<String, Object> body(Object... kv) {
        var m = new LinkedHashMap<String, Object>();
        for (int i = 0; i + 1 < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static void assertProblem(Api.Answer r, String field, String type) {
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        JsonNode first = r.json().get("detail").get(0);
        assertThat(first.get("loc").toString()).isEqualTo("[\"body\",\"" + field + "\"]");
        assertThat(first.get("type").asString()).isEqualTo(type);
    }

    private SubmitOptions options(String jobId) {
        return jobs.require(tenant.tenantId(), jobId).options();
    }

    @Test
    void createsListsGetsUpdatesAndDeletesAWorkflowWithTheExactShape() {
        JsonNode w = create(body("name", "Magazine ads", "profile_id", "gwg2022-magazine-ads-cmyk",
                "preflight_source", "engine", "ai_enabled", true, "ai_categories", "color,image",
                "ai_preset", "color", "brand", "anonymous"));
        assertThat(w.propertyNames()).containsExactlyInAnyOrder("id", "name", "profile_id", "brand_spec_id",
                "preflight_source", "ai_enabled", "ai_categories", "ai_features", "ai_preset", "brand", "unbranded",
                "created_at", "updated_at");
        assertThat(UUID.fromString(w.get("id").asString())).isNotNull();
        assertThat(w.get("name").asString()).isEqualTo("Magazine ads");
        assertThat(w.get("profile_id").asString()).isEqualTo("gwg2022-magazine-ads-cmyk");
        assertThat(w.get("brand_spec_id").isNull()).isTrue();
        assertThat(w.get("ai_enabled").asBoolean()).isTrue();
        assertThat(w.get("ai_features").isNull()).isTrue();
        assertThat(w.get("unbranded").isNull()).isTrue();
        String id = w.get("id").asString();

        var list = api.get("/api/v1/workflows", tenant.key());
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().propertyNames()).containsExactly("workflows");
        assertThat(list.json().get("workflows").get(0).get("id").asString()).isEqualTo(id);
        assertThat(api.get("/api/v1/workflows/" + id, tenant.key()).json().get("ai_preset").asString())
                .isEqualTo("color");

        var patch = new HashMap<String, Object>();
        patch.put("name", "Magazine ads v2");
        patch.put("ai_preset", null);
        var updated = api.patchJson("/api/v1/workflows/" + id, tenant.key(), patch);
        assertThat(updated.status()).as(updated.text()).isEqualTo(200);
        assertThat(updated.json().get("name").asString()).isEqualTo("Magazine ads v2");
        assertThat(updated.json().get("ai_preset").isNull()).isTrue();
        assertThat(updated.json().get("ai_categories").asString()).isEqualTo("color,image");
        assertThat(updated.json().get("brand").asString()).isEqualTo("anonymous");
        assertThat(updated.json().get("created_at").asString()).isEqualTo(w.get("created_at").asString());

        assertThat(api.delete("/api/v1/workflows/" + id, tenant.key()).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/workflows/" + id, tenant.key()).status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/workflows/" + id, tenant.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/workflows", tenant.key()).json().get("workflows").size()).isZero();
    }

    @Test
    void validatesEveryFieldItPins() {
        assertProblem(api.postJson("/api/v1/workflows", tenant.key(), body("profile_id", "service-default")),
                "name", "missing");
        assertProblem(api.postJson("/api/v1/workflows", tenant.key(), body("name", "x")), "profile_id", "missing");
        assertProblem(api.postJson("/api/v1/workflows", tenant.key(), body("name", "x".repeat(256),
                "profile_id", "service-default")), "name", "string_too_long");
        assertProblem(api.postJson("/api/v1/workflows", tenant.key(), body("name", "x", "profile_id",
                "service-default", "preflight_source", "magic")), "preflight_source", "enum");
        assertProblem(api.postJson("/api/v1/workflows", tenant.key(), body("name", "x", "profile_id",
                "service-default", "brand_spec_id", "nope")), "brand_spec_id", "uuid_parsing");
        assertProblem(api.postJson("/api/v1/workflows", tenant.key(), body("name", "x", "profile_id",
                "service-default", "brand", "acme")), "brand", "uuid_parsing");
        assertProblem(api.postJson("/api/v1/workflows", tenant.key(), body("name", "x", "profile_id",
                "service-default", "ai_preset", "p".repeat(129))), "ai_preset", "string_too_long");
        var unknownProfile = api.postJson("/api/v1/workflows", tenant.key(), body("name", "x", "profile_id", "nope"));
        assertThat(unknownProfile.status()).isEqualTo(404);
        assertThat(unknownProfile.json().get("detail").asString()).contains("nope");
        // No module provides BrandSpecs or brand profiles to this build: any id is unknown in the tenant.
        assertThat(api.postJson("/api/v1/workflows", tenant.key(), body("name", "x", "profile_id", "service-default",
                "brand_spec_id", UUID.randomUUID().toString())).status()).isEqualTo(404);
        assertThat(api.postJson("/api/v1/workflows", tenant.key(), body("name", "x", "profile_id", "service-default",
                "brand", UUID.randomUUID().toString())).status()).isEqualTo(404);

        String id = create(body("name", "x", "profile_id", "service-default")).get("id").asString();
        assertProblem(api.patchJson("/api/v1/workflows/" + id, tenant.key(), body("colour", "red")), "colour",
                "extra_forbidden");
        var nullName = new HashMap<String, Object>();
        nullName.put("name", null);
        assertProblem(api.patchJson("/api/v1/workflows/" + id, tenant.key(), nullName), "name", "missing");
        assertProblem(api.patchJson("/api/v1/workflows/" + id, tenant.key(), body("ai_enabled", "yes")),
                "ai_enabled", "bool_type");
        assertThat(api.patchJson("/api/v1/workflows/" + id, tenant.key(), body("profile_id", "nope")).status())
                .isEqualTo(404);
        assertThat(api.get("/api/v1/workflows/" + id, tenant.key()).json().get("profile_id").asString())
                .isEqualTo("service-default");
    }

    @Test
    void aSubmissionNamingAWorkflowTakesTheFieldsItLeavesOut() {
        String id = create(body("name", "minimal, AI preset, anonymous", "profile_id", "gwg2022-sheetcmyk-cmyk",
                "preflight_source", "minimal", "ai_enabled", false, "ai_categories", "color", "ai_features", "IMG_RES_LOW",
                "ai_preset", "blocking", "brand", "anonymous")).get("id").asString();
        JsonNode job = run(tenant, pdf, "workflow_id", id);
        assertThat(job.get("profile_id").asString()).isEqualTo("gwg2022-sheetcmyk-cmyk");
        assertThat(job.get("preflight_source").asString()).isEqualTo("minimal");
        SubmitOptions o = options(job.get("job_id").asString());
        assertThat(o.aiEnabled()).isFalse();
        assertThat(o.aiCategories()).isEqualTo("color");
        assertThat(o.aiFeatures()).isEqualTo("IMG_RES_LOW");
        assertThat(o.aiPreset()).isEqualTo("blocking");
        assertThat(o.brand()).isEqualTo("anonymous");
    }

    @Test
    void partsTheSubmissionGivesWinOverTheWorkflow() {
        String id = create(body("name", "w", "profile_id", "gwg2022-sheetcmyk-cmyk", "preflight_source", "minimal",
                "ai_preset", "blocking", "brand", "anonymous")).get("id").asString();
        JsonNode job = run(tenant, pdf, "workflow_id", id, "preflight_source", "engine", "profile_id",
                "service-default", "ai_preset", "fonts", "unbranded", "false");
        assertThat(job.get("profile_id").asString()).isEqualTo("service-default");
        assertThat(job.get("preflight_source").asString()).isEqualTo("engine");
        SubmitOptions o = options(job.get("job_id").asString());
        assertThat(o.aiPreset()).isEqualTo("fonts");
        // brand and unbranded are one choice: giving unbranded=false drops the workflow's brand too.
        assertThat(o.brand()).isNull();
        JsonNode withBrand = run(tenant, pdf, "workflow_id", id, "brand", "service");
        assertThat(options(withBrand.get("job_id").asString()).brand()).isEqualTo("service");
    }

    @Test
    void anUnknownMalformedOrForeignWorkflowIdIsRefusedAtSubmit() {
        var unknown = api.postForm("/api/v1/jobs", tenant.key(), Api.form().file("file", "a.pdf", pdf)
                .field("workflow_id", UUID.randomUUID().toString()));
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("detail").asString()).contains("Workflow");
        var malformed = api.postForm("/api/v1/jobs", tenant.key(), Api.form().file("file", "a.pdf", pdf)
                .field("workflow_id", "42"));
        assertProblem(malformed, "workflow_id", "uuid_parsing");
        TenantKey other = newTenant("starter");
        String foreign = api.postJson("/api/v1/workflows", other.key(), body("name", "theirs", "profile_id",
                "service-default")).json().get("id").asString();
        assertThat(api.postForm("/api/v1/jobs", tenant.key(), Api.form().file("file", "a.pdf", pdf)
                .field("workflow_id", foreign)).status()).isEqualTo(404);
    }

    @Test
    void anotherTenantsWorkflowIsNotFoundOnEveryRoute() {
        String id = create(body("name", "mine", "profile_id", "service-default")).get("id").asString();
        TenantKey other = newTenant("starter");
        assertThat(api.get("/api/v1/workflows/" + id, other.key()).status()).isEqualTo(404);
        assertThat(api.patchJson("/api/v1/workflows/" + id, other.key(), body("name", "stolen")).status())
                .isEqualTo(404);
        assertThat(api.delete("/api/v1/workflows/" + id, other.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/workflows", other.key()).json().get("workflows").size()).isZero();
        assertThat(api.get("/api/v1/workflows/" + id, tenant.key()).json().get("name").asString()).isEqualTo("mine");
    }

    @Test
    void changingWorkflowsNeedsTheJobsPermission() {
        String id = create(body("name", "mine", "profile_id", "service-default")).get("id").asString();
        TenantKey readOnly = newKey(tenant.tenantId(), List.of("profiles:manage"));
        assertThat(api.postJson("/api/v1/workflows", readOnly.key(), body("name", "x", "profile_id",
                "service-default")).status()).isEqualTo(403);
        assertThat(api.patchJson("/api/v1/workflows/" + id, readOnly.key(), body("name", "y")).status())
                .isEqualTo(403);
        assertThat(api.delete("/api/v1/workflows/" + id, readOnly.key()).status()).isEqualTo(403);
        assertThat(api.get("/api/v1/workflows/" + id, readOnly.key()).status()).isEqualTo(200);
    }
}
