package dev.preflight.intake;

import dev.preflight.jobs.JobService;
import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Vanity endpoints: Growth+ CRUD with the spec's limits, and the submit with bound profile and response mode. */
class VanityEndpointTests extends ServerTestBase {

    @Autowired
    JobService jobs;

    @Autowired
    JdbcClient jdbc;

    private TenantKey tenant;
    private byte[] pdf;

    @BeforeEach
    void setUp() {
        tenant = newTenant("growth");
        pdf = SamplePdfs.clean().bytes();
    }

    private static Map<String, Object> body(Object... kv) {
        var m = new LinkedHashMap<String, Object>();
        for (int i = 0; i + 1 < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private JsonNode create(TenantKey t, Object... kv) {
        var r = api.postJson("/api/v1/endpoints", t.key(), body(kv));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    private static void assertProblem(Api.Answer r, String field, String type) {
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        JsonNode first = r.json().get("detail").get(0);
        assertThat(first.get("loc").toString()).isEqualTo("[\"body\",\"" + field + "\"]");
        assertThat(first.get("type").asString()).isEqualTo(type);
    }

    private Api.Answer submit(String slug, String query, Api.Form form) {
        return api.postForm("/api/v1/endpoints/" + slug + "/submit" + query, tenant.key(), form);
    }

    @Test
    void createsWithDefaultsAndTheExactShapeListsBySlugGetsAndDeletes() {
        JsonNode e = create(tenant, "slug", "print-shop", "profile_id", "service-default");
        assertThat(e.propertyNames()).containsExactlyInAnyOrder("id", "slug", "profile_id", "description", "is_active",
                "response_mode", "default_brand_spec_id", "brand", "submit_path", "created_at", "updated_at");
        assertThat(e.get("is_active").asBoolean()).isTrue();
        assertThat(e.get("response_mode").asString()).isEqualTo("async");
        assertThat(e.get("description").isNull()).isTrue();
        assertThat(e.get("default_brand_spec_id").isNull()).isTrue();
        assertThat(e.get("submit_path").asString()).isEqualTo("/api/v1/endpoints/print-shop/submit");
        create(tenant, "slug", "ab", "profile_id", "service-default", "description", "d".repeat(1024),
                "response_mode", "sync", "is_active", false, "brand", "service");

        var list = api.get("/api/v1/endpoints", tenant.key()).json().get("endpoints");
        assertThat(list.size()).isEqualTo(2);
        assertThat(list.get(0).get("slug").asString()).isEqualTo("ab");
        assertThat(list.get(0).get("is_active").asBoolean()).isFalse();
        assertThat(list.get(0).get("brand").asString()).isEqualTo("service");
        assertThat(api.get("/api/v1/endpoints/ab", tenant.key()).json().get("response_mode").asString())
                .isEqualTo("sync");

        assertThat(api.delete("/api/v1/endpoints/ab", tenant.key()).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/endpoints/ab", tenant.key()).status()).isEqualTo(404);
    }

    @Test
    void enforcesTheSlugAndDescriptionLimits() {
        assertProblem(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "Print-Shop", "profile_id",
                "service-default")), "slug", "string_pattern_mismatch");
        assertProblem(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "a--b", "profile_id",
                "service-default")), "slug", "string_pattern_mismatch");
        assertProblem(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "-ab", "profile_id",
                "service-default")), "slug", "string_pattern_mismatch");
        assertProblem(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "a", "profile_id",
                "service-default")), "slug", "string_too_short");
        assertProblem(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "a".repeat(256), "profile_id",
                "service-default")), "slug", "string_too_long");
        assertProblem(api.postJson("/api/v1/endpoints", tenant.key(), body("profile_id", "service-default")),
                "slug", "missing");
        assertProblem(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "ok-slug", "profile_id",
                "service-default", "description", "d".repeat(1025))), "description", "string_too_long");
        assertProblem(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "ok-slug", "profile_id",
                "service-default", "response_mode", "later")), "response_mode", "enum");
        assertProblem(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "ok-slug", "profile_id",
                "service-default", "default_brand_spec_id", "x")), "default_brand_spec_id", "uuid_parsing");
        assertThat(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "ok-slug", "profile_id",
                "no-such-profile")).status()).isEqualTo(404);
        assertThat(api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "ok-slug", "profile_id",
                "service-default", "default_brand_spec_id", UUID.randomUUID().toString())).status()).isEqualTo(404);
        create(tenant, "slug", "a".repeat(255), "profile_id", "service-default");
        create(tenant, "slug", "shop-2-north", "profile_id", "service-default");
        var dup = api.postJson("/api/v1/endpoints", tenant.key(), body("slug", "shop-2-north", "profile_id",
                "service-default"));
        assertThat(dup.status()).isEqualTo(409);
        assertThat(dup.json().get("detail").asString()).contains("shop-2-north");
    }

    @Test
    void aPatchClearsTheDefaultBrandSpecOnlyWithTheLiteralNullAndLeavesItWhenOmitted() {
        create(tenant, "slug", "brand-desk", "profile_id", "service-default", "description", "first");
        // A BrandSpec the endpoint was given while it existed (no module provides BrandSpecs to this build).
        String spec = UUID.randomUUID().toString();
        jdbc.sql("UPDATE vanity_endpoints SET default_brand_spec_id = ? WHERE tenant_id = ? AND slug = ?")
                .params(spec, tenant.tenantId(), "brand-desk").update();

        var kept = api.patchJson("/api/v1/endpoints/brand-desk", tenant.key(), body("description", "second"));
        assertThat(kept.status()).as(kept.text()).isEqualTo(200);
        assertThat(kept.json().get("default_brand_spec_id").asString()).isEqualTo(spec);
        assertThat(kept.json().get("description").asString()).isEqualTo("second");

        var cleared = api.patchJson("/api/v1/endpoints/brand-desk", tenant.key(), body("default_brand_spec_id", "null"));
        assertThat(cleared.status()).as(cleared.text()).isEqualTo(200);
        assertThat(cleared.json().get("default_brand_spec_id").isNull()).isTrue();
        assertThat(cleared.json().get("description").asString()).isEqualTo("second");

        var unknown = api.patchJson("/api/v1/endpoints/brand-desk", tenant.key(),
                body("default_brand_spec_id", UUID.randomUUID().toString()));
        assertThat(unknown.status()).isEqualTo(404);

        var jsonNull = new HashMap<String, Object>();
        jsonNull.put("description", null);
        jsonNull.put("response_mode", "sync");
        jsonNull.put("slug", "brand-desk-2");
        var renamed = api.patchJson("/api/v1/endpoints/brand-desk", tenant.key(), jsonNull);
        assertThat(renamed.status()).as(renamed.text()).isEqualTo(200);
        assertThat(renamed.json().get("description").isNull()).isTrue();
        assertThat(renamed.json().get("submit_path").asString()).isEqualTo("/api/v1/endpoints/brand-desk-2/submit");
        assertThat(api.get("/api/v1/endpoints/brand-desk", tenant.key()).status()).isEqualTo(404);

        var nullMode = new HashMap<String, Object>();
        nullMode.put("response_mode", null);
        assertProblem(api.patchJson("/api/v1/endpoints/brand-desk-2", tenant.key(), nullMode), "response_mode",
                "missing");
        assertProblem(api.patchJson("/api/v1/endpoints/brand-desk-2", tenant.key(), body("owner", "me")), "owner",
                "extra_forbidden");
        create(tenant, "slug", "taken", "profile_id", "service-default");
        assertThat(api.patchJson("/api/v1/endpoints/brand-desk-2", tenant.key(), body("slug", "taken")).status())
                .isEqualTo(409);
    }

    @Test
    void anAsyncEndpointAnswers202AndRunsTheJobUnderItsBoundProfile() {
        create(tenant, "slug", "async-desk", "profile_id", "gwg2022-sheetcmyk-cmyk");
        var r = submit("async-desk", "", Api.form().file("file", "a.pdf", pdf));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        assertThat(r.json().propertyNames()).containsExactlyInAnyOrder("job_id", "status", "message");
        assertThat(r.json().get("status").asString()).isEqualTo("queued");
        JsonNode job = awaitJob(tenant, r.json().get("job_id").asString());
        assertThat(job.get("profile_id").asString()).isEqualTo("gwg2022-sheetcmyk-cmyk");

        var same = submit("async-desk", "", Api.form().file("file", "a.pdf", pdf)
                .field("profile_id", "gwg2022-sheetcmyk-cmyk"));
        assertThat(same.status()).isEqualTo(202);
        assertProblem(submit("async-desk", "", Api.form().file("file", "a.pdf", pdf).field("profile_id",
                "service-default")), "profile_id", "value_error");

        var waited = submit("async-desk", "?wait=60", Api.form().file("file", "a.pdf", pdf)
                .field("preflight_source", "minimal"));
        assertThat(waited.status()).as(waited.text()).isEqualTo(200);
        assertThat(waited.json().get("status").asString()).isEqualTo("completed");
        assertThat(waited.json().has("findings")).isTrue();
    }

    @Test
    void aSyncEndpointAnswersWithTheFullJobUnlessTheCallWaitsZero() {
        create(tenant, "slug", "sync-desk", "profile_id", "service-default", "response_mode", "sync");
        var r = submit("sync-desk", "", Api.form().file("file", "a.pdf", pdf).field("preflight_source", "minimal"));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("status").asString()).isEqualTo("completed");
        assertThat(r.json().get("profile_id").asString()).isEqualTo("service-default");
        assertThat(r.json().get("summary").get("page_count").asInt()).isEqualTo(1);

        var now = submit("sync-desk", "?wait=0", Api.form().file("file", "a.pdf", pdf));
        assertThat(now.status()).isEqualTo(202);
        assertThat(submit("sync-desk", "?wait=soon", Api.form().file("file", "a.pdf", pdf)).status()).isEqualTo(422);
    }

    @Test
    void theEndpointsBrandAndBrandSpecApplyUnlessTheSubmissionNamesItsOwn() {
        create(tenant, "slug", "anon-desk", "profile_id", "service-default", "brand", "anonymous");
        var plain = submit("anon-desk", "", Api.form().file("file", "a.pdf", pdf).field("preflight_source", "minimal"));
        assertThat(jobs.require(tenant.tenantId(), plain.json().get("job_id").asString()).options().brand())
                .isEqualTo("anonymous");
        var own = submit("anon-desk", "", Api.form().file("file", "a.pdf", pdf).field("brand", "service")
                .field("preflight_source", "minimal"));
        assertThat(jobs.require(tenant.tenantId(), own.json().get("job_id").asString()).options().brand())
                .isEqualTo("service");

        // The endpoint's default BrandSpec is checked like a submitted one: with no BrandSpec module, 404.
        create(tenant, "slug", "spec-desk", "profile_id", "service-default");
        jdbc.sql("UPDATE vanity_endpoints SET default_brand_spec_id = ? WHERE tenant_id = ? AND slug = ?")
                .params(UUID.randomUUID().toString(), tenant.tenantId(), "spec-desk").update();
        var spec = submit("spec-desk", "", Api.form().file("file", "a.pdf", pdf));
        assertThat(spec.status()).isEqualTo(404);
        assertThat(spec.json().get("detail").asString()).contains("BrandSpec");
    }

    @Test
    void anInactiveOrUnknownSlugAnswers404() {
        create(tenant, "slug", "closed", "profile_id", "service-default", "is_active", false);
        var closed = submit("closed", "", Api.form().file("file", "a.pdf", pdf));
        assertThat(closed.status()).isEqualTo(404);
        assertThat(closed.json().get("detail").asString()).contains("closed");
        assertThat(submit("never-made", "", Api.form().file("file", "a.pdf", pdf)).status()).isEqualTo(404);
        assertThat(api.patchJson("/api/v1/endpoints/closed", tenant.key(), body("is_active", true)).status())
                .isEqualTo(200);
        assertThat(submit("closed", "", Api.form().file("file", "a.pdf", pdf)).status()).isEqualTo(202);
    }

    @Test
    void plansBelowGrowthGetPlanUpgradeRequiredOnEveryRoute() {
        TenantKey starter = newTenant("starter");
        List<Api.Answer> answers = List.of(
                api.get("/api/v1/endpoints", starter.key()),
                api.postJson("/api/v1/endpoints", starter.key(), body("slug", "s-1", "profile_id", "service-default")),
                api.get("/api/v1/endpoints/s-1", starter.key()),
                api.patchJson("/api/v1/endpoints/s-1", starter.key(), body("description", "x")),
                api.delete("/api/v1/endpoints/s-1", starter.key()),
                api.postForm("/api/v1/endpoints/s-1/submit", starter.key(), Api.form().file("file", "a.pdf", pdf)));
        for (Api.Answer a : answers) {
            assertThat(a.status()).as(a.text()).isEqualTo(403);
            assertThat(a.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        }
    }

    @Test
    void slugsBelongToTheirTenant() {
        create(tenant, "slug", "shared-name", "profile_id", "gwg2022-sheetcmyk-cmyk");
        TenantKey other = newTenant("scale");
        assertThat(api.get("/api/v1/endpoints/shared-name", other.key()).status()).isEqualTo(404);
        assertThat(api.patchJson("/api/v1/endpoints/shared-name", other.key(), body("description", "x")).status())
                .isEqualTo(404);
        assertThat(api.delete("/api/v1/endpoints/shared-name", other.key()).status()).isEqualTo(404);
        assertThat(api.postForm("/api/v1/endpoints/shared-name/submit", other.key(),
                Api.form().file("file", "a.pdf", pdf)).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/endpoints", other.key()).json().get("endpoints").size()).isZero();
        // The same slug is free in another tenant, with its own binding.
        create(other, "slug", "shared-name", "profile_id", "service-default");
        assertThat(api.get("/api/v1/endpoints/shared-name", tenant.key()).json().get("profile_id").asString())
                .isEqualTo("gwg2022-sheetcmyk-cmyk");
    }

    @Test
    void changingEndpointsNeedsTheJobsPermission() {
        create(tenant, "slug", "guarded", "profile_id", "service-default");
        TenantKey readOnly = newKey(tenant.tenantId(), List.of("profiles:manage"));
        assertThat(api.postJson("/api/v1/endpoints", readOnly.key(), body("slug", "nope", "profile_id",
                "service-default")).status()).isEqualTo(403);
        assertThat(api.patchJson("/api/v1/endpoints/guarded", readOnly.key(), body("description", "x")).status())
                .isEqualTo(403);
        assertThat(api.delete("/api/v1/endpoints/guarded", readOnly.key()).status()).isEqualTo(403);
        assertThat(api.postForm("/api/v1/endpoints/guarded/submit", readOnly.key(),
                Api.form().file("file", "a.pdf", pdf)).status()).isEqualTo(403);
        assertThat(api.get("/api/v1/endpoints/guarded", readOnly.key()).status()).isEqualTo(200);
    }
}
