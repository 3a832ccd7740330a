package dev.preflight.events;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * The payloads of catalogue events whose owning module publishes them from its own past-tense record (review,
 * reports, annotations, share links). They document the wire shape in /openapi.json; the owner's
 * {@code IntegrationEvent.payload()} must produce exactly these fields (the delivery tests validate every
 * delivered body against the document).
 */
final class DocumentedPayloads {

    private DocumentedPayloads() {
    }

    @Schema(name = "JobStateChangedEvent")
    record JobStateChanged(
            @Schema(format = "uuid") String jobId,
            @Schema(description = "what changed, e.g. job_completed, job_failed, report_minted, report_revoked, "
                    + "verdict_changed, annotation_created, annotation_deleted, comment_created, approval_changed")
            String reason,
            @Schema(description = "the full digest GET /api/v1/jobs/{job_id}/state answers (every include), inline")
            Map<String, Object> state) {
    }

}
