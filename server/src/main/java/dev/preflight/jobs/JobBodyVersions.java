package dev.preflight.jobs;

import org.springframework.stereotype.Component;

/** Counts a job's row version up for the modules that contribute to its body. */
@Component
class JobBodyVersions implements JobBodyChanges {

    private final JobRepository jobs;

    JobBodyVersions(JobRepository jobs) {
        this.jobs = jobs;
    }

    @Override
    public void changed(String tenantId, String jobId) {
        jobs.bumpVersion(tenantId, jobId);
    }
}
