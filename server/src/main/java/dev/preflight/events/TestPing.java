package dev.preflight.events;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;

/** The {@code test.ping} a webhook's test route sends synchronously; never recorded, never part of a real flow. */
public record TestPing(String tenantId, String webhookId) implements IntegrationEvent {

    public static final String TYPE = "test.ping";

    @Override
    public String eventType() {
        return TYPE;
    }

    @Override
    public Payload payload() {
        return new Payload(webhookId);
    }

    /** The fields of {@code test.ping}. */
    @Schema(name = "TestPingEvent")
    public record Payload(@Schema(format = "uuid", description = "the webhook being tested") String webhookId) {
    }
}
