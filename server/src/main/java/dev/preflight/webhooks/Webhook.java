package dev.preflight.webhooks;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A webhook row. {@code events} empty means every event; a deleted webhook keeps its row for its deliveries. */
record Webhook(String id, String tenantId, String url, List<String> events, boolean active, Integer maxRetries,
               int retryBaseDelaySeconds, int retryMaxDelaySeconds, Integer deliveryRetentionDays,
               Map<String, Integer> retentionOverrides, String signingSecret, String previousSigningSecret,
               Instant previousSecretExpiresAt, Instant createdAt, Instant deletedAt) {

    boolean subscribes(String event) {
        return events.isEmpty() || events.contains(event);
    }

    /** The secrets that sign right now: the current one, and the previous one during its rotation window. */
    List<String> signingSecrets(Instant now) {
        var out = new ArrayList<String>(List.of(signingSecret));
        if (previousSigningSecret != null && previousSecretExpiresAt != null && previousSecretExpiresAt.isAfter(now)) {
            out.add(previousSigningSecret);
        }
        return out;
    }

    int effectiveMaxRetries(int platformDefault) {
        return maxRetries != null ? maxRetries : platformDefault;
    }

    /**
     * Days a delivery of this event is kept: the longest {@code retention_overrides} pattern that matches the event
     * name wins, else {@code delivery_retention_days}; null keeps it forever.
     */
    Integer retentionDays(String event) {
        String best = null;
        for (String pattern : retentionOverrides.keySet()) {
            if (RetentionPatterns.matches(pattern, event) && (best == null || pattern.length() > best.length())) {
                best = pattern;
            }
        }
        return best != null ? retentionOverrides.get(best) : deliveryRetentionDays;
    }
}
