package dev.preflight.events;

import dev.preflight.billing.BillingEvents;
import dev.preflight.jobs.JobCompleted;
import dev.preflight.reports.ReportExpired;
import dev.preflight.reports.ReportMinted;
import dev.preflight.reports.ShareLinkVisited;
import dev.preflight.review.ApprovalEvents;
import dev.preflight.jobs.JobFailed;
import dev.preflight.jobs.JobFixed;
import dev.preflight.tenancy.TenantPlanChanged;
import dev.preflight.viewer.VerdictChanged;

import java.util.List;
import java.util.Optional;

/**
 * Every event the service emits (spec: Events, catalogue), with when it is emitted and the record whose fields
 * follow {@code event}, {@code event_id} and {@code occurred_at} in its payload.
 */
public final class EventCatalogue {

    /** One catalogue event. */
    public record Entry(String name, String emittedWhen, Class<? extends Record> payload) {
    }

    public static final List<Entry> ENTRIES = List.of(
            new Entry("job.completed", "preflight completes successfully", JobCompleted.Payload.class),
            new Entry("job.failed", "engine exception or import parse failure", JobFailed.Payload.class),
            new Entry("job.fixed", "a job whose file was fixed (POST /api/v1/jobs/{job_id}/fixups, or fixups or "
                    + "auto_fix at submit) completed its analysis of the fixed file", JobFixed.Payload.class),
            new Entry("job.state_changed", "whenever GET /api/v1/jobs/{job_id}/state would differ",
                    dev.preflight.review.JobStateChanged.Payload.class),
            new Entry("approval.chain.started", "chain attached and step 0 kicked off",
                    ApprovalEvents.ChainStarted.Payload.class),
            new Entry("approval.step.started", "a step enters active review",
                    ApprovalEvents.StepStarted.Payload.class),
            new Entry("approval.step.decided", "approver submits decision with optional notes",
                    ApprovalEvents.StepDecided.Payload.class),
            new Entry("approval.chain.completed", "final step approved",
                    ApprovalEvents.ChainCompleted.Payload.class),
            new Entry("approval.chain.rejected", "any step rejected; chain terminates",
                    ApprovalEvents.ChainRejected.Payload.class),
            new Entry("approval.chain.cancelled", "chain manually cancelled",
                    ApprovalEvents.ChainCancelled.Payload.class),
            new Entry("approval.chain.timeout", "a step expired without decision",
                    ApprovalEvents.ChainTimedOut.Payload.class),
            new Entry("annotation.created", "reviewer draws a rect, circle, arrow, note or freehand annotation",
                    dev.preflight.review.AnnotationCreated.Payload.class),
            new Entry("annotation.deleted", "annotation removed", dev.preflight.review.AnnotationDeleted.Payload.class),
            new Entry("comment.created", "new comment on an annotation thread",
                    dev.preflight.review.CommentCreated.Payload.class),
            new Entry("verdict.changed", "manual verdict flipped pass/fail", VerdictChanged.Payload.class),
            new Entry("report.minted", "report mint returned at least one URL", ReportMinted.Payload.class),
            new Entry("report.expired", "token passed expires_at and the nightly sweep deleted it; one per token",
                    ReportExpired.Payload.class),
            new Entry("share_link.visited", "first touch per (token, visitor email) pair; later visits update "
                    + "last-seen silently", ShareLinkVisited.Payload.class),
            new Entry("billing.file_quota.low", "monthly file pool drops from above 10% to 10% or below on "
                    + "deduction; once per crossing", BillingEvents.FileQuotaLow.Payload.class),
            new Entry("billing.file_quota.exhausted", "submit rejected with 402 because pool is empty and overage is "
                    + "off", BillingEvents.FileQuotaExhausted.Payload.class),
            new Entry("billing.ai_credits.low", "AI spending crosses the 10% remaining watermark of the monthly cap",
                    BillingEvents.AiCreditsLow.Payload.class),
            new Entry("billing.ai_credits.exhausted", "AI spending reaches the monthly cap",
                    BillingEvents.AiCreditsExhausted.Payload.class),
            new Entry("tenant.plan.changed", "admin sets a new plan value", TenantPlanChanged.Payload.class),
            new Entry(TestPing.TYPE, "only by the test endpoint (POST /api/v1/webhooks/{webhook_id}/test)",
                    TestPing.Payload.class));

    /** The events a webhook can subscribe to: every catalogue event except {@code test.ping}. */
    public static final List<String> SUBSCRIBABLE = ENTRIES.stream().map(Entry::name)
            .filter(n -> !n.equals(TestPing.TYPE)).toList();

    private EventCatalogue() {
    }

    public static Optional<Entry> find(String name) {
        return ENTRIES.stream().filter(e -> e.name().equals(name)).findFirst();
    }
}
