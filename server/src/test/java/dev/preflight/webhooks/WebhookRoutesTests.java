package dev.preflight.webhooks;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The webhook routes with the destination guard as shipped (no operator overrides): CRUD, the field rules and
 * limits, the plan gate and permission, tenant isolation, and private destinations refused at registration.
 */
class WebhookRoutesTests extends ServerTestBase {

    private static final String PUBLIC_URL = "https://93.184.215.14/hooks/preflight";

    @Test
    void createsWithTheDocumentedDefaultsAndNeverShowsTheSecret() {
        var t = newTenant("growth");
        var r = api.postJson("/api/v1/webhooks", t.key(), Map.of("url", PUBLIC_URL));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode w = r.json();
        assertThat(w.propertyNames()).containsExactly("id", "url", "events", "is_active", "max_retries",
                "retry_base_delay_seconds", "retry_max_delay_seconds", "delivery_retention_days",
                "retention_overrides", "created_at");
        assertThat(w.get("url").asString()).isEqualTo(PUBLIC_URL);
        assertThat(w.get("events").toString()).isEqualTo("[\"job.completed\",\"job.failed\"]");
        assertThat(w.get("is_active").asBoolean()).isTrue();
        assertThat(w.get("max_retries").isNull()).isTrue();
        assertThat(w.get("retry_base_delay_seconds").asInt()).isEqualTo(5);
        assertThat(w.get("retry_max_delay_seconds").asInt()).isEqualTo(300);
        assertThat(w.get("delivery_retention_days").isNull()).isTrue();
        assertThat(w.get("retention_overrides").toString()).isEqualTo("{}");
        assertThat(r.text()).doesNotContain("whsec_");

        String id = w.get("id").asString();
        assertThat(api.get("/api/v1/webhooks/" + id, t.key()).json()).isEqualTo(w);
        JsonNode list = api.get("/api/v1/webhooks", t.key()).json();
        assertThat(list.get("webhooks")).hasSize(1);
        assertThat(list.toString()).doesNotContain("whsec_");

        var secret = api.get("/api/v1/webhooks/" + id + "/signing-secret", t.key());
        assertThat(secret.status()).isEqualTo(200);
        assertThat(secret.json().get("webhook_id").asString()).isEqualTo(id);
        assertThat(secret.json().get("signing_secret").asString()).startsWith("whsec_");
        assertThat(secret.json().get("previous_signing_secret").isNull()).isTrue();
        assertThat(secret.json().get("previous_secret_expires_at").isNull()).isTrue();
    }

    @Test
    void createsWithEveryFieldAndAnEmptyEventListForAll() {
        var t = newTenant("scale");
        var body = new LinkedHashMap<String, Object>();
        body.put("url", PUBLIC_URL);
        body.put("events", List.of());
        body.put("max_retries", 10);
        body.put("retry_base_delay_seconds", 600);
        body.put("retry_max_delay_seconds", 3600);
        body.put("delivery_retention_days", 365);
        body.put("retention_overrides", Map.of("job.*", 7, "billing.*", 365));
        var r = api.postJson("/api/v1/webhooks", t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("events")).isEmpty();
        assertThat(r.json().get("max_retries").asInt()).isEqualTo(10);
        assertThat(r.json().get("retry_base_delay_seconds").asInt()).isEqualTo(600);
        assertThat(r.json().get("retry_max_delay_seconds").asInt()).isEqualTo(3600);
        assertThat(r.json().get("delivery_retention_days").asInt()).isEqualTo(365);
        assertThat(r.json().get("retention_overrides").get("job.*").asInt()).isEqualTo(7);
    }

    @Test
    void patchesAnySubsetAndNullResetsToDefaults() {
        var t = newTenant("growth");
        String id = api.postJson("/api/v1/webhooks", t.key(), Map.of("url", PUBLIC_URL, "max_retries", 7,
                "delivery_retention_days", 30)).json().get("id").asString();
        var p = api.patchJson("/api/v1/webhooks/" + id, t.key(), Map.of("events", List.of("report.minted",
                "verdict.changed", "report.minted"), "is_active", false));
        assertThat(p.status()).as(p.text()).isEqualTo(200);
        assertThat(p.json().get("events").toString()).isEqualTo("[\"report.minted\",\"verdict.changed\"]");
        assertThat(p.json().get("is_active").asBoolean()).isFalse();
        assertThat(p.json().get("max_retries").asInt()).isEqualTo(7);
        assertThat(p.json().get("url").asString()).isEqualTo(PUBLIC_URL);

        var nulls = new LinkedHashMap<String, Object>();
        nulls.put("max_retries", null);
        nulls.put("delivery_retention_days", null);
        nulls.put("events", null);
        nulls.put("url", "https://93.184.215.15/other");
        var reset = api.patchJson("/api/v1/webhooks/" + id, t.key(), nulls);
        assertThat(reset.status()).as(reset.text()).isEqualTo(200);
        assertThat(reset.json().get("max_retries").isNull()).isTrue();
        assertThat(reset.json().get("delivery_retention_days").isNull()).isTrue();
        assertThat(reset.json().get("events").toString()).isEqualTo("[\"job.completed\",\"job.failed\"]");
        assertThat(reset.json().get("url").asString()).isEqualTo("https://93.184.215.15/other");
        assertThat(reset.json().get("is_active").asBoolean()).isFalse();
    }

    @Test
    void deletesWith204AndTheWebhookIsGone() {
        var t = newTenant("growth");
        String id = api.postJson("/api/v1/webhooks", t.key(), Map.of("url", PUBLIC_URL)).json().get("id").asString();
        var d = api.delete("/api/v1/webhooks/" + id, t.key());
        assertThat(d.status()).isEqualTo(204);
        assertThat(d.raw()).isEmpty();
        assertThat(api.get("/api/v1/webhooks/" + id, t.key()).status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/webhooks/" + id, t.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/webhooks", t.key()).json().get("webhooks")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://127.0.0.1/h", "https://localhost/h", "https://[::1]/h",
            "https://[::ffff:127.0.0.1]/h", "https://[::ffff:a00:1]/h", "https://10.0.0.1/h", "https://192.168.1.20/h",
            "https://169.254.169.254/latest/meta-data", "https://100.64.0.1/h", "https://[fd00::1]/h",
            "https://[fe80::1]/h", "https://0.0.0.0/h", "https://224.0.0.251/h", "http://93.184.215.14/h",
            "https://no-such-host.invalid/h", "ftp://93.184.215.14/h", "not a url"})
    void refusesPrivateUnresolvableAndNonHttpsDestinationsWith422(String url) {
        var t = newTenant("growth");
        var r = api.postJson("/api/v1/webhooks", t.key(), Map.of("url", url));
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        JsonNode error = r.json().get("detail").get(0);
        assertThat(error.get("loc").toString()).isEqualTo("[\"body\",\"url\"]");
        assertThat(error.get("type").asString()).isEqualTo("value_error");
        assertThat(api.get("/api/v1/webhooks", t.key()).json().get("webhooks")).isEmpty();

        String id = api.postJson("/api/v1/webhooks", t.key(), Map.of("url", PUBLIC_URL)).json().get("id").asString();
        var patch = api.patchJson("/api/v1/webhooks/" + id, t.key(), Map.of("url", url));
        assertThat(patch.status()).as(patch.text()).isEqualTo(422);
        assertThat(api.get("/api/v1/webhooks/" + id, t.key()).json().get("url").asString()).isEqualTo(PUBLIC_URL);
    }

    @Test
    void validatesEveryFieldAgainstTheSpecsLimits() {
        var t = newTenant("growth");
        assertInvalid(t, Map.of(), "url", "missing");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "events", List.of("job.completed", "job.exploded")), "events", "enum");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "events", List.of("test.ping")), "events", "enum");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "events", "job.completed"), "events", "list_type");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "max_retries", 11), "max_retries", "less_than_equal");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "max_retries", -1), "max_retries", "greater_than_equal");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "max_retries", "3"), "max_retries", "int_parsing");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "retry_base_delay_seconds", 0), "retry_base_delay_seconds",
                "greater_than_equal");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "retry_base_delay_seconds", 601), "retry_base_delay_seconds",
                "less_than_equal");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "retry_max_delay_seconds", 3601), "retry_max_delay_seconds",
                "less_than_equal");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "delivery_retention_days", 366), "delivery_retention_days",
                "less_than_equal");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "retention_overrides", Map.of("job.*", 0)), "retention_overrides",
                "value_error");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "retention_overrides", Map.of("job/*", 5)), "retention_overrides",
                "value_error");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "retention_overrides", List.of()), "retention_overrides",
                "dict_type");
        assertInvalid(t, Map.of("url", PUBLIC_URL, "secret", "mine"), "secret", "extra_forbidden");
        assertInvalid(t, Map.of("url", "https://93.184.215.14/" + "a".repeat(2048)), "url", "string_too_long");
        var notObject = api.postJson("/api/v1/webhooks", t.key(), "[1,2]");
        assertThat(notObject.status()).isEqualTo(422);
        var broken = api.postJson("/api/v1/webhooks", t.key(), "{\"url\": ");
        assertThat(broken.status()).isEqualTo(422);
        assertThat(api.get("/api/v1/webhooks", t.key()).json().get("webhooks")).isEmpty();
    }

    private void assertInvalid(TenantKey t, Map<String, Object> body, String field, String type) {
        var r = api.postJson("/api/v1/webhooks", t.key(), body);
        assertThat(r.status()).as(body + " -> " + r.text()).isEqualTo(422);
        boolean found = false;
        for (JsonNode e : r.json().get("detail")) {
            found |= e.get("loc").toString().equals("[\"body\",\"" + field + "\"]")
                    && e.get("type").asString().equals(type);
        }
        assertThat(found).as(body + " -> " + r.text()).isTrue();
    }

    @Test
    void belowGrowthEveryRouteAnswers403PlanUpgradeRequired() {
        for (String plan : List.of("viewer", "starter")) {
            var t = newTenant(plan);
            for (var r : List.of(api.postJson("/api/v1/webhooks", t.key(), Map.of("url", PUBLIC_URL)),
                    api.get("/api/v1/webhooks", t.key()),
                    api.get("/api/v1/webhooks/deliveries", t.key()),
                    api.get("/api/v1/webhooks/" + UUID.randomUUID() + "/signing-secret", t.key()))) {
                assertThat(r.status()).as(plan + " " + r.text()).isEqualTo(403);
                assertThat(r.json().get("code").asString()).isEqualTo("plan_upgrade_required");
            }
        }
    }

    @Test
    void aKeyWithoutWebhooksManageGets403() {
        var t = newTenant("growth", List.of("jobs:write"));
        var r = api.get("/api/v1/webhooks", t.key());
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("detail").asString()).contains("webhooks:manage");
    }

    @Test
    void anotherTenantsWebhookIsNotFoundOnEveryRoute() {
        var t = newTenant("growth");
        var other = newTenant("growth");
        String id = api.postJson("/api/v1/webhooks", t.key(), Map.of("url", PUBLIC_URL)).json().get("id").asString();
        assertThat(api.get("/api/v1/webhooks/" + id, other.key()).status()).isEqualTo(404);
        assertThat(api.patchJson("/api/v1/webhooks/" + id, other.key(), Map.of("is_active", false)).status())
                .isEqualTo(404);
        assertThat(api.delete("/api/v1/webhooks/" + id, other.key()).status()).isEqualTo(404);
        assertThat(api.postJson("/api/v1/webhooks/" + id + "/test", other.key(), Map.of()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/webhooks/" + id + "/signing-secret", other.key()).status()).isEqualTo(404);
        assertThat(api.postJson("/api/v1/webhooks/" + id + "/signing-secret/rotate", other.key(), Map.of()).status())
                .isEqualTo(404);
        assertThat(api.get("/api/v1/webhooks", other.key()).json().get("webhooks")).isEmpty();
        assertThat(api.get("/api/v1/webhooks/" + id, t.key()).json().get("is_active").asBoolean()).isTrue();
        assertThat(api.get("/api/v1/webhooks/not-a-uuid", t.key()).status()).isEqualTo(422);
    }
}
