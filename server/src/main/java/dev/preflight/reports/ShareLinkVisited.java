package dev.preflight.reports;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * Published on the first touch of a share link per (token, visitor email) pair, in the transaction that records
 * it (spec: {@code share_link.visited}); later visits only update the last-seen time. An unidentified visitor
 * counts as one visitor with a null email.
 */
public record ShareLinkVisited(String tenantId, String jobId, String token, String format,
                               @Nullable String visitorEmail, Instant visitedAt) implements IntegrationEvent {

    @Override
    public String eventType() {
        return "share_link.visited";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, token, visitorEmail);
    }

    /** The fields of {@code share_link.visited}. */
    @Schema(name = "ShareLinkVisitedEvent")
    public record Payload(@Schema(format = "uuid") String jobId, String token,
                          @Schema(format = "email", description = "null when the link asks for no email")
                          @Nullable String visitorEmail) {
    }
}
