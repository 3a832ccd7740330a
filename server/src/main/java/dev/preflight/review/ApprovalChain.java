package dev.preflight.review;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/**
 * A job's approval chain as the API shows it: ordered steps, each decided by its approver.
 *
 * <p>Chain statuses: {@code pending} (attached to a job that is not completed yet; step 0 starts when it completes),
 * {@code in_progress} (the step {@code current_step} is in review), and the terminal {@code approved} (every step
 * approved), {@code rejected} (a step was rejected), {@code cancelled} (cancelled by hand, or its job failed) and
 * {@code timed_out} (a step's {@code timeout_hours} passed without a decision). A terminal chain never changes.
 *
 * <p>Step statuses: {@code pending} (not reached yet), {@code in_progress}, {@code approved}, {@code rejected},
 * {@code cancelled} (the chain ended before the step was decided) and {@code timed_out}.
 */
@Schema(name = "ApprovalChain")
record ApprovalChain(
        @Schema(format = "uuid") String chainId,
        @Schema(format = "uuid") String jobId,
        @Schema(allowableValues = {"pending", "in_progress", "approved", "rejected", "cancelled", "timed_out"})
        String status,
        @Schema(minimum = "0", description = "0-based index of the step in review; null unless in_progress")
        @Nullable Integer currentStep,
        @Schema(description = "who attached the chain: the API key (api_key:<id>) or self-hosted") String createdBy,
        Instant createdAt,
        @Schema(description = "when the chain reached its terminal status") @Nullable Instant finishedAt,
        List<Step> steps) {

    static final List<String> TERMINAL = List.of("approved", "rejected", "cancelled", "timed_out");

    boolean terminal() {
        return TERMINAL.contains(status);
    }

    /** One step of a chain. */
    @Schema(name = "ApprovalStep")
    record Step(
            @Schema(minimum = "0", description = "0-based position in the chain") int stepIndex,
            String stepName,
            @Schema(format = "email") String approverEmail,
            @Schema(minimum = "1", maximum = "" + ApprovalService.MAX_TIMEOUT_HOURS,
                    description = "hours the approver has once the step starts; null = no timeout")
            @Nullable Integer timeoutHours,
            @Schema(allowableValues = {"pending", "in_progress", "approved", "rejected", "cancelled", "timed_out"})
            String status,
            @Nullable Instant startedAt,
            @Schema(description = "started_at + timeout_hours; null without a timeout or before the step starts")
            @Nullable Instant expiresAt,
            @Nullable Instant decidedAt,
            @Schema(allowableValues = {"approve", "reject"}) @Nullable String decision,
            @Nullable String notes,
            @Schema(description = "the approver's email when decided through a share link, else the API key "
                    + "(api_key:<id>) or self-hosted") @Nullable String decidedBy,
            @Schema(allowableValues = {"api", "share_link"}) @Nullable String decidedVia) {
    }
}
