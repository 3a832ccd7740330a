package dev.preflight.events;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The payloads of catalogue events whose owning module publishes them from its own past-tense record (review,
 * reports, approvals, annotations, share links). They document the wire shape in /openapi.json; the owner's
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

    @Schema(name = "ApprovalChainStartedEvent")
    record ApprovalChainStarted(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                                @Schema(allowableValues = "in_progress") String status,
                                @Schema(minimum = "1") int stepCount) {
    }

    @Schema(name = "ApprovalStepStartedEvent")
    record ApprovalStepStarted(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                               @Schema(minimum = "0", description = "0-based") int stepIndex, String stepName,
                               @Schema(format = "email") String approverEmail,
                               @Nullable Instant expiresAt) {
    }

    @Schema(name = "ApprovalStepDecidedEvent")
    record ApprovalStepDecided(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                               @Schema(minimum = "0") int stepIndex, String stepName,
                               @Schema(format = "email") String approverEmail,
                               @Schema(allowableValues = {"approve", "reject"}) String decision,
                               @Nullable String notes) {
    }

    @Schema(name = "ApprovalChainCompletedEvent")
    record ApprovalChainCompleted(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                                  @Schema(allowableValues = "approved") String status) {
    }

    @Schema(name = "ApprovalChainRejectedEvent")
    record ApprovalChainRejected(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                                 @Schema(allowableValues = "rejected") String status,
                                 @Schema(minimum = "0") int stepIndex, String stepName, @Nullable String notes) {
    }

    @Schema(name = "ApprovalChainCancelledEvent")
    record ApprovalChainCancelled(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                                  @Schema(allowableValues = "cancelled") String status) {
    }

    @Schema(name = "ApprovalChainTimeoutEvent")
    record ApprovalChainTimeout(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                                @Schema(allowableValues = "timed_out") String status,
                                @Schema(minimum = "0") int stepIndex, String stepName,
                                @Schema(format = "email") String approverEmail) {
    }
}
