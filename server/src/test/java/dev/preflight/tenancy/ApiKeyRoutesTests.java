package dev.preflight.tenancy;

import dev.preflight.support.ServerTestBase;
import dev.preflight.support.TestClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The tenant's own API keys (/api/v1/tenant/api-keys): the key shown once and working at once, never listed again,
 * revocation effective on the next request, rotation with and without a grace window, keys:manage and the rule that
 * a key manages only keys whose permissions it holds, limits, and tenant isolation.
 */
class ApiKeyRoutesTests extends ServerTestBase {

    private static final String KEYS = "/api/v1/tenant/api-keys";
    private static final List<String> LISTED_FIELDS = List.of("id", "name", "prefix", "mode", "permissions",
            "created_at", "last_used_at", "expires_at", "revoked_at", "replaced_by_key_id", "active");

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private JsonNode create(TenantKey caller, Map<String, Object> body) {
        var r = api.postJson(KEYS, caller.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        return r.json();
    }

    private List<JsonNode> list(TenantKey caller, String query) {
        var r = api.get(KEYS + query, caller.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().propertyNames()).containsExactly("api_keys");
        var out = new ArrayList<JsonNode>();
        r.json().get("api_keys").forEach(out::add);
        return out;
    }

    private static List<String> strings(JsonNode array) {
        return array.valueStream().map(JsonNode::asString).toList();
    }

    @Test
    void createsAKeyShownOnceThatWorksAtOnceAndIsNeverListedWithItsSecret() {
        var t = newTenant("growth");
        Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        JsonNode issued = create(t, Map.of("name", "  Press line 2  ", "mode", "live",
                "permissions", List.of("jobs:write", "keys:manage", "jobs:write")));
        assertThat(issued.propertyNames()).containsExactlyInAnyOrder("id", "name", "key", "prefix", "mode",
                "permissions", "created_at");
        String key = issued.get("key").asString();
        assertThat(key).startsWith("svc_live_").hasSize("svc_live_".length() + 43);
        assertThat(issued.get("prefix").asString()).hasSize("svc_live_".length() + 6);
        assertThat(key).startsWith(issued.get("prefix").asString());
        assertThat(issued.get("name").asString()).isEqualTo("Press line 2");
        assertThat(issued.get("mode").asString()).isEqualTo("live");
        assertThat(strings(issued.get("permissions"))).containsExactly("jobs:write", "keys:manage");
        assertThat(Instant.parse(issued.get("created_at").asString())).isBetween(before, Instant.now());

        // It is a bearer key from the first request on, of this tenant, with exactly these permissions.
        var me = api.get("/api/v1/tenant", key);
        assertThat(me.status()).isEqualTo(200);
        assertThat(me.json().get("tenant_id").asString()).isEqualTo(t.tenantId());
        assertThat(me.json().get("key").get("id").asString()).isEqualTo(issued.get("id").asString());
        assertThat(strings(me.json().get("permissions"))).containsExactly("jobs:write", "keys:manage");
        assertThat(api.get("/api/v1/jobs", key).status()).isEqualTo(200);

        // Listed, newest first, with every field and never the key; the database holds a hash only.
        var r = api.get(KEYS, t.key());
        assertThat(r.text()).doesNotContain(key).doesNotContain(key.substring(15));
        List<JsonNode> keys = list(t, "");
        assertThat(keys).hasSize(2);
        JsonNode listed = keys.get(0);
        assertThat(listed.propertyNames()).containsExactlyInAnyOrderElementsOf(LISTED_FIELDS);
        assertThat(listed.get("id").asString()).isEqualTo(issued.get("id").asString());
        assertThat(listed.get("name").asString()).isEqualTo("Press line 2");
        assertThat(listed.get("prefix").asString()).isEqualTo(issued.get("prefix").asString());
        assertThat(listed.get("mode").asString()).isEqualTo("live");
        assertThat(strings(listed.get("permissions"))).containsExactly("jobs:write", "keys:manage");
        assertThat(listed.get("created_at").asString()).isEqualTo(issued.get("created_at").asString());
        assertThat(listed.get("expires_at").isNull()).isTrue();
        assertThat(listed.get("revoked_at").isNull()).isTrue();
        assertThat(listed.get("replaced_by_key_id").isNull()).isTrue();
        assertThat(listed.get("active").asBoolean()).isTrue();
        // The fixture's key was issued by the operator without a name.
        assertThat(keys.get(1).get("id").asString()).isEqualTo(t.keyId());
        assertThat(keys.get(1).get("name").isNull()).isTrue();
        String hash = jdbc.sql("SELECT key_hash FROM api_keys WHERE id = ?").param(issued.get("id").asString())
                .query(String.class).single();
        assertThat(hash).isNotEqualTo(key).doesNotContain(key.substring(9)).hasSize(64);
    }

    @Test
    void recordsWhenAKeyWasLastUsed() {
        var t = newTenant("growth");
        JsonNode issued = create(t, Map.of("name", "CI", "mode", "test"));
        assertThat(issued.get("key").asString()).startsWith("svc_test_");
        JsonNode fresh = list(t, "").get(0);
        assertThat(fresh.get("last_used_at").isNull()).isTrue();
        Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        assertThat(api.get("/api/v1/jobs", issued.get("key").asString()).status()).isEqualTo(200);
        JsonNode used = list(t, "").stream().filter(k -> k.get("id").asString().equals(issued.get("id").asString()))
                .findFirst().orElseThrow();
        assertThat(Instant.parse(used.get("last_used_at").asString())).isBetween(before, Instant.now());
        // Omitted permissions are the calling key's own (the fixture key holds every permission).
        assertThat(strings(issued.get("permissions"))).containsExactlyElementsOf(Permission.ALL);
    }

    @Test
    void aKeyRevokedOnAnotherNodeStopsWorkingHereWithinTheCallerCachesSecond() throws InterruptedException {
        var t = newTenant("growth");
        JsonNode issued = create(t, Map.of("name", "Elsewhere", "mode", "live"));
        String key = issued.get("key").asString();
        assertThat(api.get("/api/v1/jobs", key).status()).isEqualTo(200);
        // another node's revocation reaches this one only through the database
        jdbc.sql("UPDATE api_keys SET revoked_at = CURRENT_TIMESTAMP WHERE id = ?").param(issued.get("id").asString())
                .update();
        long start = System.nanoTime();
        int status;
        do {
            status = api.get("/api/v1/jobs", key).status();
            if (status == 200) {
                Thread.sleep(50);
            }
        } while (status == 200 && System.nanoTime() - start < Duration.ofSeconds(5).toNanos());
        assertThat(status).isEqualTo(401);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void aRevokedKeyAnswers401OnItsNextRequestAndRevokingAgainIs204() {
        var t = newTenant("growth");
        JsonNode issued = create(t, Map.of("name", "Temporary", "mode", "live"));
        String key = issued.get("key").asString();
        String id = issued.get("id").asString();
        assertThat(api.get("/api/v1/jobs", key).status()).isEqualTo(200);
        assertThat(api.delete(KEYS + "/" + id, t.key()).status()).isEqualTo(204);
        var refused = api.get("/api/v1/jobs", key);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.json().get("detail").asString()).contains("revoked");
        var again = api.delete(KEYS + "/" + id, t.key());
        assertThat(again.status()).isEqualTo(204);

        // Gone from the default list, shown with include_revoked.
        assertThat(list(t, "").stream().map(k -> k.get("id").asString())).doesNotContain(id);
        JsonNode revoked = list(t, "?include_revoked=true").stream()
                .filter(k -> k.get("id").asString().equals(id)).findFirst().orElseThrow();
        assertThat(revoked.get("active").asBoolean()).isFalse();
        Instant at = Instant.parse(revoked.get("revoked_at").asString());
        assertThat(at).isBefore(Instant.now());
        // The second revocation kept the first time.
        String stored = jdbc.sql("SELECT revoked_at FROM api_keys WHERE id = ?").param(id)
                .query(java.time.OffsetDateTime.class).single().toInstant().toString();
        assertThat(Instant.parse(stored)).isEqualTo(at);

        assertThat(api.delete(KEYS + "/" + UUID.randomUUID(), t.key()).status()).isEqualTo(404);
        assertThat(api.delete(KEYS + "/not-a-uuid", t.key()).status()).isEqualTo(422);
    }

    @Test
    void aKeyMayRevokeItself() {
        var t = newTenant("growth");
        JsonNode issued = create(t, Map.of("name", "Leaked", "mode", "live"));
        String key = issued.get("key").asString();
        assertThat(api.delete(KEYS + "/" + issued.get("id").asString(), key).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/tenant", key).status()).isEqualTo(401);
        assertThat(api.get("/api/v1/tenant", t.key()).status()).isEqualTo(200);
    }

    @Test
    void everyRouteNeedsKeysManage() {
        var t = newTenant("growth");
        var limited = newKey(t.tenantId(), List.of("jobs:write", "webhooks:manage"));
        var target = newKey(t.tenantId(), List.of("jobs:write"));
        var answers = List.of(api.get(KEYS, limited.key()),
                api.postJson(KEYS, limited.key(), Map.of("name", "x", "mode", "live")),
                api.post(KEYS + "/" + target.keyId() + "/rotate", limited.key()),
                api.delete(KEYS + "/" + target.keyId(), limited.key()));
        for (var r : answers) {
            assertThat(r.status()).as(r.text()).isEqualTo(403);
            assertThat(r.json().get("detail").asString()).contains("keys:manage");
        }
        assertThat(api.get("/api/v1/jobs", target.key()).status()).isEqualTo(200);
    }

    @Test
    void aKeyGrantsRotatesAndRevokesOnlyPermissionsItHolds() {
        var t = newTenant("growth");
        var manager = newKey(t.tenantId(), List.of("jobs:write", "keys:manage"));
        var stronger = newKey(t.tenantId(), List.of("jobs:write", "webhooks:manage"));

        var escalate = api.postJson(KEYS, manager.key(), Map.of("name", "More", "mode", "live",
                "permissions", List.of("jobs:write", "webhooks:manage", "branding:manage")));
        assertThat(escalate.status()).isEqualTo(403);
        assertThat(escalate.json().get("detail").asString()).contains("branding:manage, webhooks:manage")
                .doesNotContain("jobs:write");
        // Omitted permissions are the caller's own, no more.
        JsonNode own = create(manager, Map.of("name", "Same", "mode", "test"));
        assertThat(strings(own.get("permissions"))).containsExactly("jobs:write", "keys:manage");
        JsonNode none = create(manager, Map.of("name", "Nothing", "mode", "test", "permissions", List.of()));
        assertThat(none.get("permissions").size()).isZero();

        // A rotation would hand out the stronger key's permissions, a revocation would take them: both refused.
        var rotate = api.post(KEYS + "/" + stronger.keyId() + "/rotate", manager.key());
        assertThat(rotate.status()).isEqualTo(403);
        assertThat(rotate.json().get("detail").asString()).contains("webhooks:manage");
        assertThat(api.delete(KEYS + "/" + stronger.keyId(), manager.key()).status()).isEqualTo(403);
        assertThat(api.get("/api/v1/jobs", stronger.key()).status()).isEqualTo(200);
        // A key with every permission manages it.
        assertThat(api.delete(KEYS + "/" + stronger.keyId(), t.key()).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/jobs", stronger.key()).status()).isEqualTo(401);
    }

    @Test
    void rejectsAMissingOrLongNameAnUnknownModeAndUnknownPermissions() {
        var t = newTenant("growth");
        var missing = api.postJson(KEYS, t.key(), Map.of("name", "   ", "mode", "prod",
                "permissions", List.of("jobs:write", "root")));
        assertThat(missing.status()).isEqualTo(422);
        var locs = missing.json().get("detail").findValues("loc").stream().map(l -> l.get(1).asString()).toList();
        assertThat(locs).containsExactlyInAnyOrder("name", "mode", "permissions");
        var longName = api.postJson(KEYS, t.key(), Map.of("name", "n".repeat(101), "mode", "live"));
        assertThat(longName.status()).isEqualTo(422);
        assertThat(longName.json().get("detail").get(0).get("type").asString()).isEqualTo("string_too_long");
        assertThat(api.postJson(KEYS, t.key(), Map.of("name", "n".repeat(100), "mode", "live")).status())
                .isEqualTo(201);
        assertThat(api.postJson(KEYS, t.key(), Map.of("mode", "live")).status()).isEqualTo(422);
        assertThat(api.postJson(KEYS, t.key(), Map.of("name", "No mode")).status()).isEqualTo(422);
        var grace = api.postJson(KEYS + "/" + t.keyId() + "/rotate", t.key(),
                Map.of("grace_period_seconds", 604801));
        assertThat(grace.status()).isEqualTo(422);
        assertThat(grace.json().get("detail").get(0).get("loc").get(1).asString()).isEqualTo("grace_period_seconds");
        assertThat(api.get("/api/v1/tenant", t.key()).status()).isEqualTo(200);
    }

    @Test
    void aTenantHoldsAtMostFiftyActiveKeys() {
        var t = newTenant("growth");
        // The fixture key is the first of fifty.
        for (int i = 1; i < ApiKeyService.MAX_ACTIVE_KEYS; i++) {
            create(t, Map.of("name", "Key " + i, "mode", "test", "permissions", List.of()));
        }
        var over = api.postJson(KEYS, t.key(), Map.of("name", "One too many", "mode", "test"));
        assertThat(over.status()).isEqualTo(409);
        assertThat(over.json().get("detail").asString()).contains("50 active API keys");
        String some = list(t, "").get(0).get("id").asString();
        assertThat(api.delete(KEYS + "/" + some, t.key()).status()).isEqualTo(204);
        create(t, Map.of("name", "Room again", "mode", "test", "permissions", List.of()));
    }

    @Test
    void concurrentCreationsNeverPassTheLimit() throws Exception {
        var t = newTenant("growth");
        for (int i = 1; i < ApiKeyService.MAX_ACTIVE_KEYS - 4; i++) {
            create(t, Map.of("name", "Key " + i, "mode", "test", "permissions", List.of()));
        }
        // Four places left, twelve requests at once: four get a key, the others 409.
        var start = new java.util.concurrent.CountDownLatch(1);
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(12)) {
            var answers = new ArrayList<java.util.concurrent.Future<Integer>>();
            for (int i = 0; i < 12; i++) {
                int n = i;
                answers.add(pool.submit(() -> {
                    start.await();
                    return api.postJson(KEYS, t.key(), Map.of("name", "Racer " + n, "mode", "test",
                            "permissions", List.of())).status();
                }));
            }
            start.countDown();
            var statuses = new ArrayList<Integer>();
            for (var a : answers) {
                statuses.add(a.get());
            }
            assertThat(statuses.stream().filter(s -> s == 201).count()).as("%s", statuses).isEqualTo(4);
            assertThat(statuses.stream().filter(s -> s == 409).count()).as("%s", statuses).isEqualTo(8);
        }
        assertThat(list(t, "")).hasSize(ApiKeyService.MAX_ACTIVE_KEYS);
    }

    @Test
    void rotatingStopsTheOldKeyAtOnceAndIssuesItsTwin() {
        var t = newTenant("growth");
        JsonNode original = create(t, Map.of("name", "Uploader", "mode", "live", "permissions", List.of("jobs:write")));
        String oldKey = original.get("key").asString();
        String oldId = original.get("id").asString();
        var r = api.post(KEYS + "/" + oldId + "/rotate", t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        JsonNode rotation = r.json();
        assertThat(rotation.propertyNames()).containsExactlyInAnyOrder("new_key", "previous_key");
        JsonNode fresh = rotation.get("new_key");
        assertThat(fresh.get("name").asString()).isEqualTo("Uploader");
        assertThat(fresh.get("mode").asString()).isEqualTo("live");
        assertThat(strings(fresh.get("permissions"))).containsExactly("jobs:write");
        assertThat(fresh.get("key").asString()).startsWith("svc_live_").isNotEqualTo(oldKey);
        JsonNode previous = rotation.get("previous_key");
        assertThat(previous.propertyNames()).containsExactlyInAnyOrderElementsOf(LISTED_FIELDS);
        assertThat(previous.get("id").asString()).isEqualTo(oldId);
        assertThat(previous.get("replaced_by_key_id").asString()).isEqualTo(fresh.get("id").asString());
        assertThat(previous.get("active").asBoolean()).isFalse();
        assertThat(previous.get("revoked_at").isNull()).isTrue();

        assertThat(api.get("/api/v1/jobs", oldKey).status()).isEqualTo(401);
        assertThat(api.get("/api/v1/jobs", fresh.get("key").asString()).status()).isEqualTo(200);
        var again = api.post(KEYS + "/" + oldId + "/rotate", t.key());
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("detail").asString()).contains("already rotated");
        String revoked = create(t, Map.of("name", "Revoked", "mode", "live")).get("id").asString();
        api.delete(KEYS + "/" + revoked, t.key());
        assertThat(api.post(KEYS + "/" + revoked + "/rotate", t.key()).status()).isEqualTo(409);
    }

    @Test
    void aRotatedKeyWorksUntilTheEndOfItsGraceWindow() {
        var t = newTenant("growth");
        JsonNode original = create(t, Map.of("name", "Nightly export", "mode", "live"));
        String oldKey = original.get("key").asString();
        var r = api.postJson(KEYS + "/" + original.get("id").asString() + "/rotate", t.key(),
                Map.of("grace_period_seconds", 3600));
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        JsonNode previous = r.json().get("previous_key");
        assertThat(previous.get("active").asBoolean()).isTrue();
        Instant expires = Instant.parse(previous.get("expires_at").asString());
        assertThat(Duration.between(Instant.now(), expires).toSeconds()).isCloseTo(3600L, within(10L));
        String newKey = r.json().get("new_key").get("key").asString();

        assertThat(api.get("/api/v1/jobs", oldKey).status()).isEqualTo(200);
        assertThat(list(t, "")).hasSize(3);
        clock.advance(Duration.ofSeconds(3590));
        assertThat(api.get("/api/v1/jobs", oldKey).status()).isEqualTo(200);
        clock.advance(Duration.ofSeconds(20));
        assertThat(api.get("/api/v1/jobs", oldKey).status()).isEqualTo(401);
        assertThat(api.get("/api/v1/jobs", newKey).status()).isEqualTo(200);
        assertThat(list(t, "")).hasSize(2);
        // Revoking a key inside its grace window stops it at once.
        JsonNode other = create(t, Map.of("name", "Second", "mode", "live"));
        api.postJson(KEYS + "/" + other.get("id").asString() + "/rotate", t.key(), Map.of("grace_period_seconds", 600));
        assertThat(api.get("/api/v1/jobs", other.get("key").asString()).status()).isEqualTo(200);
        assertThat(api.delete(KEYS + "/" + other.get("id").asString(), t.key()).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/jobs", other.get("key").asString()).status()).isEqualTo(401);
    }

    @Test
    void anotherTenantsKeyIdAnswers404OnEveryRouteAndStaysValid() {
        var owner = newTenant("growth");
        var stranger = newTenant("growth");
        JsonNode theirs = create(owner, Map.of("name", "Owner's", "mode", "live"));
        String id = theirs.get("id").asString();
        assertThat(api.delete(KEYS + "/" + id, stranger.key()).status()).isEqualTo(404);
        assertThat(api.delete(KEYS + "/" + owner.keyId(), stranger.key()).status()).isEqualTo(404);
        assertThat(api.post(KEYS + "/" + id + "/rotate", stranger.key()).status()).isEqualTo(404);
        assertThat(list(stranger, "?include_revoked=true").stream().map(k -> k.get("id").asString()))
                .containsExactly(stranger.keyId());
        assertThat(api.get("/api/v1/jobs", theirs.get("key").asString()).status()).isEqualTo(200);
        assertThat(list(owner, "").stream().map(k -> k.get("id").asString())).contains(id, owner.keyId());
    }

    @Test
    void theOperatorNamesKeysAndTheNameIsListed() {
        var t = newTenant("growth");
        var body = new HashMap<String, Object>();
        body.put("mode", "live");
        body.put("name", "Issued by ops");
        var r = api.postJson("/admin/tenants/" + t.tenantId() + "/api-keys", ADMIN, body);
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        assertThat(r.json().get("name").asString()).isEqualTo("Issued by ops");
        assertThat(strings(r.json().get("permissions"))).containsExactlyElementsOf(Permission.ALL);
        assertThat(list(t, "").get(0).get("name").asString()).isEqualTo("Issued by ops");
        body.put("name", "x".repeat(101));
        assertThat(api.postJson("/admin/tenants/" + t.tenantId() + "/api-keys", ADMIN, body).status()).isEqualTo(422);
    }
}
