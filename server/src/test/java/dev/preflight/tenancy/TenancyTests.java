package dev.preflight.tenancy;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** API keys, admin routes, plans, permissions and tenant isolation. */
class TenancyTests extends ServerTestBase {

    @Autowired
    JdbcClient jdbc;

    @Test
    void missingBearerIs401WithDetail() {
        var r = api.get("/api/v1/jobs", null);
        assertThat(r.status()).isEqualTo(401);
        assertThat(r.json().get("detail").asString()).contains("Missing bearer token");
        assertThat(r.header("WWW-Authenticate")).isEqualTo("Bearer");
    }

    @Test
    void unknownOrMalformedKeysAre401() {
        assertThat(api.get("/api/v1/jobs", "svc_live_doesnotexist").status()).isEqualTo(401);
        assertThat(api.get("/api/v1/jobs", "something-else").status()).isEqualTo(401);
        assertThat(api.getWithHeaders("/api/v1/jobs", Map.of("Authorization", "Basic abc")).status()).isEqualTo(401);
    }

    @Test
    void adminRoutesNeedTheAdminToken() {
        assertThat(api.postJson("/admin/tenants", null, Map.of("name", "x", "plan", "growth")).status()).isEqualTo(401);
        assertThat(api.postJson("/admin/tenants", "wrong", Map.of("name", "x", "plan", "growth")).status()).isEqualTo(401);
        var t = newTenant("growth");
        // A tenant's API key is not an admin token.
        assertThat(api.postJson("/admin/tenants", t.key(), Map.of("name", "x", "plan", "growth")).status()).isEqualTo(401);
    }

    @Test
    void createsTenantsWithExactlyTheDocumentedFields() {
        var r = api.postJson("/admin/tenants", ADMIN, Map.of("name", "Print Shop", "plan", "scale"));
        assertThat(r.status()).isEqualTo(201);
        JsonNode body = r.json();
        assertThat(body.propertyNames()).containsExactlyInAnyOrder("id", "name", "plan", "created_at");
        assertThat(UUID.fromString(body.get("id").asString())).isNotNull();
        assertThat(body.get("name").asString()).isEqualTo("Print Shop");
        assertThat(body.get("plan").asString()).isEqualTo("scale");
        assertThat(Instant.parse(body.get("created_at").asString())).isNotNull();
    }

    @Test
    void rejectsAnUnknownPlanAndAMissingName() {
        var r = api.postJson("/admin/tenants", ADMIN, Map.of("plan", "platinum"));
        assertThat(r.status()).isEqualTo(422);
        var locs = r.json().get("detail").findValues("loc").stream().map(l -> l.get(1).asString()).toList();
        assertThat(locs).containsExactlyInAnyOrder("name", "plan");
    }

    @Test
    void issuesKeysShownOnceAndStoredHashed() {
        var t = api.postJson("/admin/tenants", ADMIN, Map.of("name", "K", "plan", "starter")).json();
        String tenantId = t.get("id").asString();
        var live = api.postJson("/admin/tenants/" + tenantId + "/api-keys", ADMIN, Map.of("mode", "live"));
        assertThat(live.status()).isEqualTo(201);
        JsonNode k = live.json();
        assertThat(k.propertyNames()).contains("id", "key", "prefix", "mode", "created_at");
        String key = k.get("key").asString();
        assertThat(key).startsWith("svc_live_");
        assertThat(key).startsWith(k.get("prefix").asString());
        assertThat(k.get("mode").asString()).isEqualTo("live");
        var test = api.postJson("/admin/tenants/" + tenantId + "/api-keys", ADMIN, Map.of("mode", "test")).json();
        assertThat(test.get("key").asString()).startsWith("svc_test_");
        long stored = jdbc.sql("SELECT COUNT(*) FROM api_keys WHERE key_hash = ? OR prefix = ?").params(key, key)
                .query(Long.class).single();
        assertThat(stored).isZero();
        assertThat(api.get("/api/v1/jobs", key).status()).isEqualTo(200);
        assertThat(api.postJson("/admin/tenants/" + tenantId + "/api-keys", ADMIN, Map.of("mode", "prod")).status())
                .isEqualTo(422);
        assertThat(api.postJson("/admin/tenants/" + UUID.randomUUID() + "/api-keys", ADMIN, Map.of("mode", "live"))
                .status()).isEqualTo(404);
    }

    @Test
    void revokedKeysAre401() {
        var t = newTenant("growth");
        assertThat(api.get("/api/v1/jobs", t.key()).status()).isEqualTo(200);
        var del = api.delete("/admin/tenants/" + t.tenantId() + "/api-keys/" + t.keyId(), ADMIN);
        assertThat(del.status()).isEqualTo(204);
        var r = api.get("/api/v1/jobs", t.key());
        assertThat(r.status()).isEqualTo(401);
        assertThat(api.delete("/admin/tenants/" + t.tenantId() + "/api-keys/" + UUID.randomUUID(), ADMIN).status())
                .isEqualTo(404);
        // Another tenant cannot revoke this tenant's key through its own id.
        var other = newTenant("growth");
        assertThat(api.delete("/admin/tenants/" + other.tenantId() + "/api-keys/" + t.keyId(), ADMIN).status())
                .isEqualTo(404);
    }

    @Test
    void changesThePlanAndGatesFeaturesWith403PlanUpgradeRequired() {
        var t = newTenant("viewer");
        var body = Map.of("profile_id", "my-viewer-profile", "name", "Mine", "base_profile_id", "service-default");
        var denied = api.postJson("/api/v1/profiles", t.key(), body);
        assertThat(denied.status()).isEqualTo(403);
        assertThat(denied.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        var change = api.patchJson("/admin/tenants/" + t.tenantId() + "/plan", ADMIN, Map.of("plan", "starter"));
        assertThat(change.status()).isEqualTo(200);
        assertThat(change.json().get("plan").asString()).isEqualTo("starter");
        assertThat(change.json().get("previous_plan").asString()).isEqualTo("viewer");
        assertThat(api.postJson("/api/v1/profiles", t.key(), body).status()).isEqualTo(200);
        assertThat(api.patchJson("/admin/tenants/" + t.tenantId() + "/plan", ADMIN, Map.of("plan", "gold")).status())
                .isEqualTo(422);
        assertThat(api.patchJson("/admin/tenants/" + UUID.randomUUID() + "/plan", ADMIN, Map.of("plan", "growth"))
                .status()).isEqualTo(404);
    }

    @Test
    void anotherTenantsJobIsInvisibleOnEveryJobRoute() {
        var owner = newTenant("growth");
        var stranger = newTenant("growth");
        String id = submit(owner, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        awaitJob(owner, id);
        assertThat(api.get("/api/v1/jobs/" + id, stranger.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/jobs/" + id + "/epm", stranger.key()).status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/jobs/" + id, stranger.key()).status()).isEqualTo(404);
        var list = api.get("/api/v1/jobs", stranger.key()).json();
        assertThat(list.get("total").asLong()).isZero();
        assertThat(list.get("jobs").size()).isZero();
        // Still there for its owner.
        assertThat(api.get("/api/v1/jobs/" + id, owner.key()).status()).isEqualTo(200);
    }

    @Test
    void anotherTenantsProfileIsInvisible() {
        var owner = newTenant("growth");
        var stranger = newTenant("growth");
        var created = api.postJson("/api/v1/profiles", owner.key(),
                Map.of("profile_id", "owner-only", "name", "Owner only", "base_profile_id", "service-default"));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        assertThat(api.get("/api/v1/profiles/owner-only", owner.key()).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/profiles/owner-only", stranger.key()).status()).isEqualTo(404);
        var list = api.get("/api/v1/profiles", stranger.key()).json().get("profiles");
        list.forEach(p -> assertThat(p.get("profile_id").asString()).isNotEqualTo("owner-only"));
        var submit = api.postForm("/api/v1/jobs", stranger.key(), Api.form().file("file", "a.pdf",
                SamplePdfs.clean().bytes()).field("profile_id", "owner-only"));
        assertThat(submit.status()).isEqualTo(404);
    }

    @Test
    void keysWithoutAPermissionGet403() {
        var t = newTenant("growth");
        var limited = newKey(t.tenantId(), List.of("jobs:write"));
        var r = api.postJson("/api/v1/profiles", limited.key(),
                Map.of("profile_id", "needs-perm", "name", "x", "base_profile_id", "service-default"));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("detail").asString()).contains("profiles:manage");
    }

    @Test
    void currentTenantNamesTheCallersOwnTenantPlanAndKey() {
        var t = newTenant("growth");
        var limited = newKey(t.tenantId(), List.of("jobs:write"));
        var other = newTenant("starter");

        var r = api.get("/api/v1/tenant", limited.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode body = r.json();
        assertThat(body.propertyNames()).containsExactlyInAnyOrder("tenant_id", "name", "plan", "auth_mode",
                "permissions", "key");
        assertThat(body.get("tenant_id").asString()).isEqualTo(t.tenantId());
        assertThat(body.get("name").asString()).isEqualTo("Tenant growth");
        assertThat(body.get("plan").asString()).isEqualTo("growth");
        assertThat(body.get("auth_mode").asString()).isEqualTo("api-key");
        assertThat(body.get("permissions").valueStream().map(JsonNode::asString).toList())
                .containsExactly("jobs:write");
        JsonNode key = body.get("key");
        assertThat(key.get("id").asString()).isEqualTo(limited.keyId());
        assertThat(limited.key()).startsWith(key.get("prefix").asString());
        assertThat(key.get("mode").asString()).isEqualTo("test");
        assertThat(Instant.parse(key.get("created_at").asString())).isNotNull();
        assertThat(r.text()).doesNotContain(limited.key());

        // Each key answers for its own tenant only.
        var theirs = api.get("/api/v1/tenant", other.key()).json();
        assertThat(theirs.get("tenant_id").asString()).isEqualTo(other.tenantId());
        assertThat(theirs.get("plan").asString()).isEqualTo("starter");
        assertThat(theirs.get("key").get("id").asString()).isEqualTo(other.keyId());
    }

    @Test
    void currentTenantAsksForAKeyWith401InApiKeyMode() {
        var missing = api.get("/api/v1/tenant", null);
        assertThat(missing.status()).isEqualTo(401);
        assertThat(missing.json().get("detail").asString()).contains("Missing bearer token");
        var t = newTenant("growth");
        assertThat(api.delete("/admin/tenants/" + t.tenantId() + "/api-keys/" + t.keyId(), ADMIN).status())
                .isEqualTo(204);
        assertThat(api.get("/api/v1/tenant", t.key()).status()).isEqualTo(401);
    }
}
