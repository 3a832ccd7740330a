package dev.preflight.jobs;

import dev.preflight.findings.Finding;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Turns jobs into the API's response shapes, with what other modules contribute (reports, decisions, audits). Routes
 * of other modules that submit jobs answer with these same bodies.
 */
@Component
public class JobViews {

    private final JobService service;
    private final List<JobResponseContributor> contributors;

    JobViews(JobService service, List<JobResponseContributor> contributors) {
        this.service = service;
        this.contributors = contributors;
    }

    /** The full JobResponse of a job. */
    public JobResponses.JobBody job(JobView j) {
        List<Finding> findings = service.findings(j);
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
        }
        return new JobResponses.JobBody(j.id(), service.wire(j.status()), j.profileId(), j.preflightSource(),
                j.externalFormat(), j.fileName(), j.fileSize(), j.pageCount(), j.createdAt(), j.completedAt(),
                j.durationMs(), j.summary().withWaivedCount(waived), findings, reports, j.epmVerdict(), decisions, j.externalSource(),
                j.error(), j.sourceJobId(), j.fixupsApplied());
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
