package dev.preflight.support;

import org.junit.jupiter.api.AfterEach;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Full-stack tests that deliver webhooks to real HTTPS receivers on 127.0.0.1. Because 127.0.0.1 is a private
 * address, this context runs with the operator override {@code preflight.webhooks.allow-private-networks=true}, and
 * trusts the test certificate through {@code preflight.webhooks.trust-store}; a delivery attempt times out after
 * 3 s (10 s in production) so that timeouts are quick to observe. The tests that prove the guard refuses
 * private destinations run in the default context instead. Every test class of this kind shares one context.
 */
@TestPropertySource(properties = {"preflight.webhooks.allow-private-networks=true",
        "preflight.webhooks.trust-store-password=" + TestTls.PASSWORD, "preflight.webhooks.timeout=3s"})
public abstract class WebhookTestBase extends ServerTestBase {

    private final List<HttpsReceiver> receivers = new ArrayList<>();

    @DynamicPropertySource
    static void trustTestCertificate(DynamicPropertyRegistry registry) {
        registry.add("preflight.webhooks.trust-store", () -> TestTls.trustStore().toString());
    }

    @AfterEach
    void closeReceivers() {
        receivers.forEach(HttpsReceiver::close);
        receivers.clear();
    }

    /** A new HTTPS receiver, closed after the test. */
    protected HttpsReceiver receiver() {
        var r = HttpsReceiver.https();
        receivers.add(r);
        return r;
    }

    /** Registers a webhook and returns its JSON (asserting 200). */
    protected JsonNode webhook(TenantKey t, Map<String, Object> body) {
        var r = api.postJson("/api/v1/webhooks", t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    protected String secret(TenantKey t, String webhookId) {
        var r = api.get("/api/v1/webhooks/" + webhookId + "/signing-secret", t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json().get("signing_secret").asString();
    }

    protected static String hmacHex(String secret, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The deliveries the API lists for a filter query (e.g. {@code webhook_id=...}). */
    protected JsonNode deliveries(TenantKey t, String query) {
        var r = api.get("/api/v1/webhooks/deliveries" + (query.isEmpty() ? "" : "?" + query), t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    /** Polls the delivery until the predicate holds. */
    protected JsonNode awaitDelivery(TenantKey t, String deliveryId, java.util.function.Predicate<JsonNode> done,
                                     Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            var r = api.get("/api/v1/webhooks/deliveries/" + deliveryId, t.key());
            assertThat(r.status()).as(r.text()).isEqualTo(200);
            if (done.test(r.json())) {
                return r.json();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("delivery " + deliveryId + " not done: " + r.text());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** Changes the tenant's plan through the admin route (emits tenant.plan.changed). */
    protected void changePlan(TenantKey t, String plan) {
        var r = api.patchJson("/admin/tenants/" + t.tenantId() + "/plan", ADMIN, Map.of("plan", plan));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
    }
}
