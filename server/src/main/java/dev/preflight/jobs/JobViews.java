package dev.preflight.jobs;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.preflight.findings.Finding;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.List;

/**
 * Turns jobs into the API's response shapes, with what other modules contribute (reports, decisions, audits). Routes
 * of other modules that submit jobs answer with these same bodies.
 */
@Component
public class JobViews {

    private final JobService service;
    private final List<JobResponseContributor> contributors;
    /**
     * Bodies assembled from a kept job copy ({@link JobViewCache}) and its kept findings, by job id: while a read
     * returns the same copy (the job's row version holds, and every contributor reports its changes by counting it
     * up) and every share stood, the body is the same. Weighed by findings, as the job copies are.
     */
    private final Cache<String, Kept> bodies = Caffeine.newBuilder()
            .maximumWeight(250_000)
            .weigher((String id, Kept k) -> 1 + k.body.findings().size())
            .expireAfterAccess(Duration.ofMinutes(10))
            .build();

    JobViews(JobService service, List<JobResponseContributor> contributors) {
        this.service = service;
        this.contributors = contributors;
    }

    private record Kept(JobView view, List<Finding> stored, JobResponses.JobBody body) {
    }

    /** The full JobResponse of a job. */
    public JobResponses.JobBody job(JobView j) {
        List<Finding> stored = service.findings(j);
        Kept kept = bodies.getIfPresent(j.id());
        if (kept != null && kept.view == j && kept.stored == stored) {
            return kept.body;
        }
        List<Finding> findings = stored;
        boolean standing = true;
        JobResponseLinks.Reports reports = JobResponseLinks.Reports.NONE;
        int decisions = 0;
        int waived = 0;
        for (JobResponseContributor c : contributors) {
            JobResponseContributor.Contribution share = c.contribute(j, findings);
            findings = share.findings();
            decisions += share.decisionsCount();
            waived += share.waivedCount();
            if (share.reports() != null) {
                reports = share.reports();
            }
            standing &= share.standing();
        }
        var body = new JobResponses.JobBody(j.id(), service.wire(j.status()), j.profileId(), j.preflightSource(),
                j.externalFormat(), j.fileName(), j.fileSize(), j.pageCount(), j.createdAt(), j.completedAt(),
                j.durationMs(), j.summary().withWaivedCount(waived), findings, reports, j.epmVerdict(), decisions,
                j.externalSource(), j.error(), j.sourceJobId(), j.fixupsApplied());
        if (standing) {
            bodies.put(j.id(), new Kept(j, stored, body));
        } else {
            bodies.invalidate(j.id());
        }
        return body;
    }

    /** The 202 body of a submit for a job that has not reached a terminal state. */
    public JobResponses.Submitted submitted(JobView j) {
        return new JobResponses.Submitted(j.id(), service.wire(j.status()), "Job accepted and queued for processing.");
    }

    /** The job's summary with what contributors count as waived. */
    public Summary summary(JobView j) {
        int waived = 0;
        for (JobResponseContributor c : contributors) {
            waived += c.waivedCount(j);
        }
        return j.summary().withWaivedCount(waived);
    }

    JobResponses.JobListItem listItem(JobView j) {
        return new JobResponses.JobListItem(j.id(), service.wire(j.status()), j.profileId(), j.preflightSource(),
                j.fileName(), j.fileSize(), j.pageCount(), j.createdAt(), j.completedAt(), j.durationMs(), summary(j),
                null, j.error());
    }
}
