package dev.preflight.webhooks;

import java.time.Instant;

/**
 * A delivery row: one event to one webhook, with the exact signed body. {@code finished} is set once no further
 * attempt will be made (success, a final answer, retries used up, or the webhook gone).
 */
record Delivery(String id, String tenantId, String webhookId, String eventId, String eventType, String url,
                String body, int attemptCount, Integer finalStatusCode, boolean success, boolean finished,
                String lastError, Instant createdAt, Instant deliveredAt) {
}
