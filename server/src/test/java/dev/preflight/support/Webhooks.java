package dev.preflight.support;

import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import dev.preflight.events.EventScheduler;
import dev.preflight.support.ServerTestBase.TenantKey;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Webhooks, their deliveries and the events behind them, for tests in the {@link WebhookTest} context; the HTTPS
 * receivers they deliver to come from {@link Receivers}.
 */
public record Webhooks(Api api, EventScheduler scheduler, JdbcClient jdbc) {

    /** Registers a webhook and returns its JSON (asserting 200). */
    public JsonNode webhook(TenantKey t, Map<String, Object> body) {
        var r = api.postJson("/api/v1/webhooks", t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    public String secret(TenantKey t, String webhookId) {
        var r = api.get("/api/v1/webhooks/" + webhookId + "/signing-secret", t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json().get("signing_secret").asString();
    }

    public static String hmacHex(String secret, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The deliveries the API lists for a filter query (e.g. {@code webhook_id=...}). */
    public JsonNode deliveries(TenantKey t, String query) {
        var r = api.get("/api/v1/webhooks/deliveries" + (query.isEmpty() ? "" : "?" + query), t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    /** Polls the delivery until the predicate holds. */
    public JsonNode awaitDelivery(TenantKey t, String deliveryId, Predicate<JsonNode> done, Duration timeout) {
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
            pause(50);
        }
    }

    /**
     * Waits until the delivery has no attempt left to make (the scheduler holds no execution for it: it succeeded,
     * failed for good or ran out of retries) and returns it. What its receiver got by then is all it will ever get.
     */
    public JsonNode awaitSettled(TenantKey t, String deliveryId, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (scheduler.find(TaskInstanceId.of("deliver-webhook", deliveryId)).isPresent()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("delivery " + deliveryId + " still has attempts to make after " + timeout);
            }
            pause(20);
        }
        var r = api.get("/api/v1/webhooks/deliveries/" + deliveryId, t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    /**
     * The bodies of the tenant's events of this type in the outbox, oldest first. An event is recorded in the
     * transaction of the change that causes it, so once the request or call that made the change has returned, this
     * is every such event there will be: what is not here is never dispatched, and no webhook receives it.
     */
    public List<JsonNode> recordedEvents(TenantKey t, String eventType) {
        return jdbc.sql("SELECT body FROM event_outbox WHERE tenant_id = ? AND event_type = ? ORDER BY occurred_at, id")
                .params(t.tenantId(), eventType).query(String.class).list().stream()
                .map(body -> (JsonNode) Api.JSON.readTree(body)).toList();
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** HTTPS receivers on 127.0.0.1, each closed after the test that made it: a {@code @RegisterExtension} field. */
    public static final class Receivers implements AfterEachCallback {

        private final List<HttpsReceiver> open = new ArrayList<>();

        /** A new HTTPS receiver, closed after the test. */
        public HttpsReceiver receiver() {
            var r = HttpsReceiver.https();
            open.add(r);
            return r;
        }

        @Override
        public void afterEach(ExtensionContext context) {
            open.forEach(HttpsReceiver::close);
            open.clear();
        }
    }
}
