package dev.preflight.reports;

import dev.preflight.jobs.JobService;

/** Test input of ModuleStructureTests: what a reports class must not do (hold the whole job service to read a job). */
public final class JobServiceCallingSample {

    private JobServiceCallingSample() {
    }

    static String status(JobService jobs, String tenantId, String jobId) {
        return jobs.wire(jobs.require(tenantId, jobId).status());
    }
}
