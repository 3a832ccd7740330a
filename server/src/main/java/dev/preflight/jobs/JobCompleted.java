package dev.preflight.jobs;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Published, in the transaction that stores the outcome, when a job reaches {@code completed}; delivered to
 * webhooks as {@code job.completed}.
 *
 * @param status the wire word of the configured wording (completed or complete)
 */
public record JobCompleted(String tenantId, String jobId, String status, String profileId, Long durationMs,
                           Summary summary) implements IntegrationEvent {

    @Override
    public String eventType() {
        return "job.completed";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, status, profileId, durationMs == null ? 0 : durationMs, summary);
    }

    /** The fields of {@code job.completed} (spec: Events, payloads). */
    @Schema(name = "JobCompletedEvent")
    public record Payload(@Schema(format = "uuid") String jobId,
                          @Schema(description = "completed (self-hosted wording) or complete (hosted wording)")
                          String status,
                          String profileId,
                          @Schema(minimum = "0") long durationMs,
                          Summary summary) {
    }
}
