package dev.preflight.review;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Published, in the transaction of the change, whenever what {@code GET /api/v1/jobs/{job_id}/state} answers would
 * differ (webhook {@code job.state_changed}): at most once per job and transaction, with the full state (every
 * block) as it will be committed and the first reason that transaction had.
 */
public record JobStateChanged(String tenantId, String jobId, String reason, JobState state)
        implements IntegrationEvent {

    /** The catalogue name. */
    static final String EVENT_TYPE = "job.state_changed";

    /** The reasons, in the order a transaction may record them. */
    static final String JOB_COMPLETED = "job_completed";
    static final String JOB_FAILED = "job_failed";
    static final String JOB_REANALYSED = "job_reanalysed";
    static final String REPORT_MINTED = "report_minted";
    static final String REPORT_REVOKED = "report_revoked";
    static final String REPORT_EXPIRED = "report_expired";
    static final String VERDICT_CHANGED = "verdict_changed";
    static final String APPROVAL_CHANGED = "approval_changed";
    static final String ANNOTATION_CREATED = "annotation_created";
    static final String ANNOTATION_DELETED = "annotation_deleted";
    static final String COMMENT_CREATED = "comment_created";

    @Override
    public String eventType() {
        return EVENT_TYPE;
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, reason, state);
    }

    /** The fields of {@code job.state_changed}. */
    @Schema(name = "JobStateChangedEvent")
    public record Payload(
            @Schema(format = "uuid") String jobId,
            @Schema(allowableValues = {JOB_COMPLETED, JOB_FAILED, JOB_REANALYSED, REPORT_MINTED, REPORT_REVOKED,
                    REPORT_EXPIRED, VERDICT_CHANGED, APPROVAL_CHANGED, ANNOTATION_CREATED, ANNOTATION_DELETED,
                    COMMENT_CREATED}, description = "what changed; the first change when one transaction made several")
            String reason,
            @Schema(description = "the body GET /api/v1/jobs/{job_id}/state answers with every block, as committed")
            JobState state) {
    }
}
