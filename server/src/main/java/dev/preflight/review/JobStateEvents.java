package dev.preflight.review;

import dev.preflight.jobs.JobCompleted;
import dev.preflight.jobs.JobFailed;
import dev.preflight.jobs.JobReanalysed;
import dev.preflight.jobs.JobReader;
import dev.preflight.platform.EventInterest;
import dev.preflight.platform.IntegrationEvent;
import dev.preflight.reports.ReportExpired;
import dev.preflight.reports.ReportMinted;
import dev.preflight.reports.ShareLinkRevoked;
import dev.preflight.viewer.VerdictChanged;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Publishes {@link JobStateChanged} whenever a change would alter what the job state route answers: the job finishing
 * or being re-analysed, a share link minted, revoked or expired, the verdict, the approval chain, an annotation or a
 * comment. Changes are gathered per transaction and published just before it commits, once per job, with the state
 * as it will be committed; nothing is published for a transaction that rolls back, nor for a tenant none of whose
 * webhooks subscribes to {@code job.state_changed} (the digest exists only to be delivered, and assembling it costs a
 * dozen reads on every change).
 */
@Component
class JobStateEvents {

    private static final Logger LOG = LoggerFactory.getLogger(JobStateEvents.class);

    private final JobReader jobs;
    private final JobStateService states;
    private final ApplicationEventPublisher events;
    private final ObjectProvider<EventInterest> interest;

    JobStateEvents(JobReader jobs, JobStateService states, ApplicationEventPublisher events,
                   ObjectProvider<EventInterest> interest) {
        this.jobs = jobs;
        this.states = states;
        this.events = events;
        this.interest = interest;
    }

    @EventListener
    void on(IntegrationEvent e) {
        String reason = switch (e) {
            case JobCompleted c -> JobStateChanged.JOB_COMPLETED;
            case JobFailed f -> JobStateChanged.JOB_FAILED;
            case ReportMinted m -> JobStateChanged.REPORT_MINTED;
            case ReportExpired x -> JobStateChanged.REPORT_EXPIRED;
            case VerdictChanged v -> JobStateChanged.VERDICT_CHANGED;
            case AnnotationCreated a -> JobStateChanged.ANNOTATION_CREATED;
            case AnnotationDeleted d -> JobStateChanged.ANNOTATION_DELETED;
            case CommentCreated c -> JobStateChanged.COMMENT_CREATED;
            default -> e.getClass().getEnclosingClass() == ApprovalEvents.class
                    ? JobStateChanged.APPROVAL_CHANGED : null;
        };
        if (reason != null) {
            changed(e.tenantId(), jobId(e), reason);
        }
    }

    @EventListener
    void on(JobReanalysed e) {
        changed(e.tenantId(), e.jobId(), JobStateChanged.JOB_REANALYSED);
    }

    @EventListener
    void on(ShareLinkRevoked e) {
        changed(e.tenantId(), e.jobId(), JobStateChanged.REPORT_REVOKED);
    }

    private static String jobId(IntegrationEvent e) {
        return switch (e) {
            case JobCompleted c -> c.jobId();
            case JobFailed f -> f.jobId();
            case ReportMinted m -> m.jobId();
            case ReportExpired x -> x.jobId();
            case VerdictChanged v -> v.jobId();
            case AnnotationCreated a -> a.jobId();
            case AnnotationDeleted d -> d.jobId();
            case CommentCreated c -> c.jobId();
            case ApprovalEvents.ChainStarted a -> a.jobId();
            case ApprovalEvents.StepStarted a -> a.jobId();
            case ApprovalEvents.StepDecided a -> a.jobId();
            case ApprovalEvents.ChainCompleted a -> a.jobId();
            case ApprovalEvents.ChainRejected a -> a.jobId();
            case ApprovalEvents.ChainCancelled a -> a.jobId();
            case ApprovalEvents.ChainTimedOut a -> a.jobId();
            default -> throw new IllegalArgumentException("No job in " + e.eventType());
        };
    }

    private void changed(String tenantId, String jobId, String reason) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            publish(tenantId, jobId, reason);
            return;
        }
        Pending pending = (Pending) TransactionSynchronizationManager.getResource(this);
        if (pending == null) {
            pending = new Pending();
            TransactionSynchronizationManager.bindResource(this, pending);
            TransactionSynchronizationManager.registerSynchronization(pending);
        }
        pending.reasons.putIfAbsent(new JobKey(tenantId, jobId), reason);
    }

    private void publish(String tenantId, String jobId, String reason) {
        // The digest exists only to be delivered: nothing is assembled for a tenant no webhook of which receives it.
        if (interest.stream().noneMatch(i -> i.wanted(tenantId, JobStateChanged.EVENT_TYPE))) {
            return;
        }
        // A job deleted in the same transaction has no state left to report.
        var job = jobs.find(tenantId, jobId).orElse(null);
        if (job == null) {
            return;
        }
        JobState state;
        try {
            state = states.state(job, EnumSet.allOf(JobStateService.Block.class), false);
        } catch (RuntimeException e) {
            // The state is derived from the change; failing to assemble it must not undo the change itself (a job
            // completing, a link expiring). The event is lost, loudly.
            LOG.error("job.state_changed for job {} ({}) not published: the state could not be assembled", jobId,
                    reason, e);
            return;
        }
        events.publishEvent(new JobStateChanged(tenantId, jobId, reason, state));
    }

    private record JobKey(String tenantId, String jobId) {
    }

    /** The jobs one transaction changed, with the first reason each had. */
    private final class Pending implements TransactionSynchronization {

        private final Map<JobKey, String> reasons = new LinkedHashMap<>();

        @Override
        public void beforeCommit(boolean readOnly) {
            // Publishing records the event in the outbox, still inside the committing transaction.
            reasons.forEach((key, reason) -> publish(key.tenantId(), key.jobId(), reason));
        }

        @Override
        public void afterCompletion(int status) {
            TransactionSynchronizationManager.unbindResourceIfPossible(JobStateEvents.this);
        }
    }
}
