package dev.preflight.support;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Webhook subscriptions for tests that watch events which are only assembled for a receiver (job.state_changed). The
 * webhook points at a public address nothing answers on here, with no retries: deliveries fail once, quietly.
 */
public final class Subscriptions {

    /** A public address (TEST-NET-like, never answered in the sandbox) the SSRF guard accepts. */
    public static final String UNANSWERED_URL = "https://93.184.215.14/hooks/preflight";

    private Subscriptions() {
    }

    /** Subscribes the key's tenant to the events (empty: every event); returns the webhook id. */
    public static String subscribe(Api api, String key, List<String> events) {
        var r = api.postJson("/api/v1/webhooks", key, Map.of("url", UNANSWERED_URL, "events", events,
                "max_retries", 0));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json().get("id").asString();
    }
}
