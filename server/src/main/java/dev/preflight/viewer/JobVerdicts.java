package dev.preflight.viewer;

import dev.preflight.jobs.JobView;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import java.util.Optional;

/**
 * The verdict of a job as other modules see it (review's job state): the same record as
 * {@code GET /api/v1/viewer/jobs/{job_id}/verdict}, reduced to what the state shows.
 */
@Service
public class JobVerdicts {

    private final VerdictRepository verdicts;

    JobVerdicts(VerdictRepository verdicts) {
        this.verdicts = verdicts;
    }

    /** A job's verdict: the reviewer's when recorded, else the automatic one from summary.passed. */
    public record Current(String verdict, boolean autoPassed, @Nullable String notes) {
    }

    /** The verdict of a completed job; empty while the job is queued or when it failed (there is nothing to judge). */
    public Optional<Current> of(JobView job) {
        if (!job.complete()) {
            return Optional.empty();
        }
        boolean auto = job.summary().passed();
        return Optional.of(verdicts.find(job.tenantId(), job.id())
                .map(r -> new Current(r.verdict(), auto, r.notes()))
                .orElseGet(() -> new Current(auto ? "pass" : "fail", auto, null)));
    }
}
