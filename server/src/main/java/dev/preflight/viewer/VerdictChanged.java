package dev.preflight.viewer;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * Published, in the transaction that stores it, when a reviewer records a verdict on a job (webhook
 * {@code verdict.changed}).
 *
 * @param previous  the verdict in force before: the previous manual verdict, else the automatic one (pass or fail)
 * @param current   the verdict recorded: pass or fail
 * @param verdictBy who recorded it
 * @param notes     the reviewer's notes (required for fail)
 */
public record VerdictChanged(String tenantId, String jobId, String previous, String current, String verdictBy,
                             @Nullable String notes, Instant verdictAt) implements IntegrationEvent {

    @Override
    public String eventType() {
        return "verdict.changed";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, previous, current, verdictBy, notes);
    }

    /** The fields of {@code verdict.changed} (spec: previous, current, verdict_by, notes). */
    @Schema(name = "VerdictChangedEvent")
    public record Payload(@Schema(format = "uuid") String jobId,
                          @Schema(allowableValues = {"pass", "fail"},
                                  description = "the verdict in force before: the previous manual verdict, else the "
                                          + "automatic one") String previous,
                          @Schema(allowableValues = {"pass", "fail"}) String current,
                          String verdictBy,
                          @Nullable String notes) {
    }
}
