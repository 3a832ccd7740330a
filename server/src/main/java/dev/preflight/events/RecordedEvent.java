package dev.preflight.events;

import dev.preflight.platform.IntegrationEvent;
import dev.preflight.platform.Json;
import dev.preflight.platform.Times;
import tools.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * An event as the outbox recorded it: {@code body} is the exact JSON every webhook receives (and is signed),
 * {@code {"event", "event_id", "occurred_at", ...payload fields}}, fixed once when the change committed.
 */
public record RecordedEvent(String eventId, String tenantId, String eventType, Instant occurredAt, String body) {

    private static final Set<String> ENVELOPE = Set.of("event", "event_id", "occurred_at");

    /** Gives the event its id and time and writes its body. */
    public static RecordedEvent of(IntegrationEvent event) {
        String id = UUID.randomUUID().toString();
        Instant at = Times.now();
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("event", event.eventType());
        body.put("event_id", id);
        body.put("occurred_at", at.toString());
        ObjectNode fields = Json.mapper().valueToTree(event.payload());
        fields.propertyNames().forEach(name -> {
            if (ENVELOPE.contains(name)) {
                throw new IllegalArgumentException("payload of " + event.eventType() + " redefines '" + name + "'");
            }
        });
        body.setAll(fields);
        return new RecordedEvent(id, event.tenantId(), event.eventType(), at, Json.mapper().writeValueAsString(body));
    }
}
