package dev.preflight.jobs;

import dev.preflight.analysis.AnalysisService;
import dev.preflight.platform.ServiceMetrics;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Duration;

/** Feeds the jobs' metrics: queue depth at every scrape, and the duration of each job that finishes. */
@Component
class JobMetrics {

    private final ServiceMetrics metrics;
    private final JobRepository jobs;
    private final AnalysisService analysis;

    JobMetrics(ServiceMetrics metrics, JobRepository jobs, AnalysisService analysis) {
        this.metrics = metrics;
        this.jobs = jobs;
        this.analysis = analysis;
        metrics.queueDepth(jobs::countQueued);
    }

    @EventListener
    void completed(JobCompleted e) {
        record(e.tenantId(), e.jobId(), "completed");
    }

    @EventListener
    void failed(JobFailed e) {
        record(e.tenantId(), e.jobId(), "failed");
    }

    private void record(String tenantId, String jobId, String outcome) {
        jobs.find(tenantId, jobId).ifPresent(job -> metrics.jobFinished(job.preflightSource(), profileTag(job), outcome,
                Duration.ofMillis(job.durationMs() == null ? 0 : job.durationMs())));
    }

    /** Built-in profile ids are a small fixed set; tenants' own profiles are one "custom" series, not one each. */
    private String profileTag(Job job) {
        if (!job.preflightSource().equals("engine")) {
            return "none";
        }
        return analysis.builtinProfile(job.profileId()) ? job.profileId() : "custom";
    }
}
