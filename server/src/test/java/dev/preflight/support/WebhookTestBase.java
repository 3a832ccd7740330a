package dev.preflight.support;

import dev.preflight.events.EventScheduler;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Full-stack webhook tests by inheritance: the {@link WebhookTest} context (real HTTPS receivers on 127.0.0.1) with
 * the {@link Webhooks} fixture's methods at hand. New tests compose instead: {@code @WebhookTest}, an autowired
 * {@link Webhooks} and a {@code @RegisterExtension} {@link Webhooks.Receivers}; both share one context.
 */
@WebhookTest
public abstract class WebhookTestBase extends ServerTestBase {

    @RegisterExtension
    final Webhooks.Receivers receivers = new Webhooks.Receivers();

    @Autowired
    private EventScheduler eventScheduler;

    @Autowired
    private JdbcClient jdbc;

    private Webhooks webhooks() {
        return new Webhooks(api, eventScheduler, jdbc);
    }

    /** A new HTTPS receiver, closed after the test. */
    protected HttpsReceiver receiver() {
        return receivers.receiver();
    }

    /** Registers a webhook and returns its JSON (asserting 200). */
    protected JsonNode webhook(TenantKey t, Map<String, Object> body) {
        return webhooks().webhook(t, body);
    }

    protected String secret(TenantKey t, String webhookId) {
        return webhooks().secret(t, webhookId);
    }

    protected static String hmacHex(String secret, byte[] message) {
        return Webhooks.hmacHex(secret, message);
    }

    /** The deliveries the API lists for a filter query (e.g. {@code webhook_id=...}). */
    protected JsonNode deliveries(TenantKey t, String query) {
        return webhooks().deliveries(t, query);
    }

    /** Polls the delivery until the predicate holds. */
    protected JsonNode awaitDelivery(TenantKey t, String deliveryId, java.util.function.Predicate<JsonNode> done,
                                     Duration timeout) {
        return webhooks().awaitDelivery(t, deliveryId, done, timeout);
    }

    /** See {@link Webhooks#awaitSettled}. */
    protected JsonNode awaitSettled(TenantKey t, String deliveryId, Duration timeout) {
        return webhooks().awaitSettled(t, deliveryId, timeout);
    }

    /** See {@link Webhooks#recordedEvents}. */
    protected List<JsonNode> recordedEvents(TenantKey t, String eventType) {
        return webhooks().recordedEvents(t, eventType);
    }

    /** Changes the tenant's plan through the admin route (emits tenant.plan.changed). */
    protected void changePlan(TenantKey t, String plan) {
        new Tenants(api).changePlan(t, plan);
    }
}
