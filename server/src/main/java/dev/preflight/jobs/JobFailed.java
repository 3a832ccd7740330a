package dev.preflight.jobs;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Published, in the transaction that marks it, when a job ends {@code failed}; {@code error} says why. Delivered to
 * webhooks as {@code job.failed}.
 */
public record JobFailed(String tenantId, String jobId, String status, String error) implements IntegrationEvent {

    @Override
    public String eventType() {
        return "job.failed";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, status, error);
    }

    /** The fields of {@code job.failed} (spec: Events, payloads). */
    @Schema(name = "JobFailedEvent")
    public record Payload(@Schema(format = "uuid") String jobId,
                          @Schema(allowableValues = "failed") String status,
                          @Schema(description = "why the job failed (engine exception or import parse failure)")
                          String error) {
    }
}
