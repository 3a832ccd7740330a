package dev.preflight.review;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * The seven approval-chain events (spec: Events, approval.*), each published in the transaction of the change.
 * Step indexes are 0-based.
 */
public final class ApprovalEvents {

    private ApprovalEvents() {
    }

    /** Step 0 of a chain started ({@code approval.chain.started}). */
    public record ChainStarted(String tenantId, String jobId, String chainId, int stepCount)
            implements IntegrationEvent {
        @Override
        public String eventType() {
            return "approval.chain.started";
        }

        @Override
        public Payload payload() {
            return new Payload(jobId, chainId, "in_progress", stepCount);
        }

        @Schema(name = "ApprovalChainStartedEvent")
        public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                              @Schema(allowableValues = "in_progress") String status,
                              @Schema(minimum = "1") int stepCount) {
        }
    }

    /** A step entered review ({@code approval.step.started}). */
    public record StepStarted(String tenantId, String jobId, String chainId, int stepIndex, String stepName,
                              String approverEmail, @Nullable Instant expiresAt) implements IntegrationEvent {
        @Override
        public String eventType() {
            return "approval.step.started";
        }

        @Override
        public Payload payload() {
            return new Payload(jobId, chainId, stepIndex, stepName, approverEmail, expiresAt);
        }

        @Schema(name = "ApprovalStepStartedEvent")
        public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                              @Schema(minimum = "0", description = "0-based") int stepIndex, String stepName,
                              @Schema(format = "email") String approverEmail,
                              @Schema(description = "when the step times out; null without a timeout")
                              @Nullable Instant expiresAt) {
        }
    }

    /** An approver approved or rejected their step ({@code approval.step.decided}). */
    public record StepDecided(String tenantId, String jobId, String chainId, int stepIndex, String stepName,
                              String approverEmail, String decision, @Nullable String notes)
            implements IntegrationEvent {
        @Override
        public String eventType() {
            return "approval.step.decided";
        }

        @Override
        public Payload payload() {
            return new Payload(jobId, chainId, stepIndex, stepName, approverEmail, decision, notes);
        }

        @Schema(name = "ApprovalStepDecidedEvent")
        public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                              @Schema(minimum = "0") int stepIndex, String stepName,
                              @Schema(format = "email") String approverEmail,
                              @Schema(allowableValues = {"approve", "reject"}) String decision,
                              @Nullable String notes) {
        }
    }

    /** The final step was approved ({@code approval.chain.completed}). */
    public record ChainCompleted(String tenantId, String jobId, String chainId) implements IntegrationEvent {
        @Override
        public String eventType() {
            return "approval.chain.completed";
        }

        @Override
        public Payload payload() {
            return new Payload(jobId, chainId, "approved");
        }

        @Schema(name = "ApprovalChainCompletedEvent")
        public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                              @Schema(allowableValues = "approved") String status) {
        }
    }

    /** A step was rejected and the chain ended ({@code approval.chain.rejected}). */
    public record ChainRejected(String tenantId, String jobId, String chainId, int stepIndex, String stepName,
                                @Nullable String notes) implements IntegrationEvent {
        @Override
        public String eventType() {
            return "approval.chain.rejected";
        }

        @Override
        public Payload payload() {
            return new Payload(jobId, chainId, "rejected", stepIndex, stepName, notes);
        }

        @Schema(name = "ApprovalChainRejectedEvent")
        public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                              @Schema(allowableValues = "rejected") String status,
                              @Schema(minimum = "0") int stepIndex, String stepName, @Nullable String notes) {
        }
    }

    /** The chain was cancelled by hand, or its job failed before it started ({@code approval.chain.cancelled}). */
    public record ChainCancelled(String tenantId, String jobId, String chainId) implements IntegrationEvent {
        @Override
        public String eventType() {
            return "approval.chain.cancelled";
        }

        @Override
        public Payload payload() {
            return new Payload(jobId, chainId, "cancelled");
        }

        @Schema(name = "ApprovalChainCancelledEvent")
        public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                              @Schema(allowableValues = "cancelled") String status) {
        }
    }

    /** A step's timeout passed without a decision and the chain ended ({@code approval.chain.timeout}). */
    public record ChainTimedOut(String tenantId, String jobId, String chainId, int stepIndex, String stepName,
                                String approverEmail) implements IntegrationEvent {
        @Override
        public String eventType() {
            return "approval.chain.timeout";
        }

        @Override
        public Payload payload() {
            return new Payload(jobId, chainId, "timed_out", stepIndex, stepName, approverEmail);
        }

        @Schema(name = "ApprovalChainTimeoutEvent")
        public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String chainId,
                              @Schema(allowableValues = "timed_out") String status,
                              @Schema(minimum = "0") int stepIndex, String stepName,
                              @Schema(format = "email") String approverEmail) {
        }
    }
}
