package dev.preflight.billing;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Request rate limits per API key: 429 with Retry-After past the limit; public routes are never limited. */
class RateLimitTests extends ServerTestBase {

    @Test
    void pastItsLimitAKeyGets429WithRetryAfterAndOtherKeysAreUnaffected() {
        var t = newTenant("growth");
        var other = newTenant("growth");
        var r0 = api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN, Map.of("requests_per_minute", 3));
        assertThat(r0.status()).isEqualTo(200);

        for (int i = 0; i < 3; i++) {
            assertThat(api.get("/api/v1/jobs", t.key()).status()).isEqualTo(200);
        }
        var limited = api.get("/api/v1/jobs", t.key());
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().propertyNames()).containsExactly("detail");
        assertThat(limited.json().get("detail").asString()).contains("3 requests per minute");
        long retryAfter = Long.parseLong(limited.header("Retry-After"));
        // 3 per minute refill one token every 20 s.
        assertThat(retryAfter).isBetween(1L, 20L);
        // Every authenticated route counts, and a second key of the same tenant has a bucket of its own.
        assertThat(api.get("/api/v1/profiles", t.key()).status()).isEqualTo(429);
        var secondKey = newKey(t.tenantId(), null);
        assertThat(api.get("/api/v1/jobs", secondKey.key()).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/jobs", other.key()).status()).isEqualTo(200);

        // Not limited: health, the contract, public routes (even when the limited key is sent along), admin.
        assertThat(api.get("/health", null).status()).isEqualTo(200);
        assertThat(api.get("/openapi.json", t.key()).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/check-names", t.key()).status()).isEqualTo(200);
        assertThat(api.get("/admin/tenants/" + t.tenantId() + "/billing", ADMIN).status()).isEqualTo(200);

        // Raising the limit takes effect on the next request.
        api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN, Map.of("requests_per_minute", 1000));
        assertThat(api.get("/api/v1/jobs", t.key()).status()).isEqualTo(200);
    }

    @Test
    void aLimitedSubmitIsRefusedBeforeItIsCounted() {
        var t = newTenant("growth");
        api.patchJson("/admin/tenants/" + t.tenantId() + "/billing", ADMIN, Map.of("requests_per_minute", 1));
        assertThat(api.get("/api/v1/jobs", t.key()).status()).isEqualTo(200);
        var r = api.postForm("/api/v1/jobs", t.key(), dev.preflight.support.Api.form()
                .file("file", "a.pdf", dev.preflight.support.SamplePdfs.clean().bytes()));
        assertThat(r.status()).isEqualTo(429);
        assertThat(r.header("X-RateLimit-Used")).isNull();
        assertThat(api.get("/admin/tenants/" + t.tenantId() + "/billing", ADMIN).json().get("files_used").asInt())
                .isZero();
    }
}
