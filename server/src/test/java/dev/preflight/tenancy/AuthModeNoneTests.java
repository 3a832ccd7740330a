package dev.preflight.tenancy;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** The self-hosted default: no key needed, every request is the built-in tenant on the top plan. */
@TestPropertySource(properties = {"preflight.tenancy.auth-mode=none", "preflight.jobs.status-wording=hosted"})
class AuthModeNoneTests extends ServerTestBase {

    @Test
    void worksWithoutABearerKeyAsTheBuiltInTenant() {
        var r = api.postForm("/api/v1/jobs?wait=30", null, Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                .field("preflight_source", "minimal"));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        String id = r.json().get("job_id").asString();
        assertThat(api.get("/api/v1/jobs/" + id, null).status()).isEqualTo(200);
        // Top plan: tenant-owned profiles are allowed.
        var p = api.postJson("/api/v1/profiles", null, java.util.Map.of("profile_id", "none-mode-" + id.substring(0, 8),
                "name", "x", "base_profile_id", "service-default"));
        assertThat(p.status()).as(p.text()).isEqualTo(200);
    }

    @Test
    void usesTheHostedStatusWordingWhenConfigured() {
        var queued = api.postForm("/api/v1/jobs", null, Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                .field("preflight_source", "minimal"));
        assertThat(queued.status()).isEqualTo(202);
        assertThat(queued.json().get("status").asString()).isEqualTo("pending");
        var done = api.postForm("/api/v1/jobs?wait=30", null, Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                .field("preflight_source", "minimal"));
        assertThat(done.json().get("status").asString()).isEqualTo("complete");
    }

    @Test
    void currentTenantIsTheBuiltInTenantWithEveryPermissionAndNoKey() {
        var r = api.get("/api/v1/tenant", null);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        var body = r.json();
        assertThat(body.get("tenant_id").asString()).isEqualTo(TenancyProperties.BUILTIN_TENANT_ID);
        assertThat(body.get("auth_mode").asString()).isEqualTo("none");
        assertThat(body.get("key").isNull()).isTrue();
        assertThat(body.get("permissions").valueStream().map(tools.jackson.databind.JsonNode::asString).toList())
                .containsExactlyElementsOf(Permission.ALL.stream().sorted().toList());
        // A header sent anyway changes nothing: there are no keys in this mode.
        assertThat(api.get("/api/v1/tenant", "svc_live_whatever").json().get("tenant_id").asString())
                .isEqualTo(TenancyProperties.BUILTIN_TENANT_ID);
    }

    @Test
    void keysAreListedAndRevokedButNeverIssuedThroughTheTenantRoutes() {
        var created = api.postJson("/api/v1/tenant/api-keys", null, java.util.Map.of("name", "x", "mode", "live"));
        assertThat(created.status()).as(created.text()).isEqualTo(409);
        assertThat(created.json().get("detail").asString()).contains("auth mode none", "PREFLIGHT_AUTH_MODE=api-key");
        // A key the operator issued for the built-in tenant (say, before switching modes) is listed and revocable.
        var issued = api.postJson("/admin/tenants/" + TenancyProperties.BUILTIN_TENANT_ID + "/api-keys", ADMIN,
                java.util.Map.of("mode", "live", "name", "For later"));
        assertThat(issued.status()).as(issued.text()).isEqualTo(201);
        String id = issued.json().get("id").asString();
        var list = api.get("/api/v1/tenant/api-keys", null);
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().get("api_keys").valueStream().map(k -> k.get("id").asString())).contains(id);
        var rotated = api.post("/api/v1/tenant/api-keys/" + id + "/rotate", null);
        assertThat(rotated.status()).isEqualTo(409);
        assertThat(api.delete("/api/v1/tenant/api-keys/" + id, null).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/tenant/api-keys", null).json().get("api_keys").valueStream()
                .map(k -> k.get("id").asString())).doesNotContain(id);
    }
}
