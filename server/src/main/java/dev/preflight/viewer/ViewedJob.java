package dev.preflight.viewer;

import dev.preflight.jobs.JobView;
import org.jspecify.annotations.Nullable;

/**
 * A job a viewer request may see, resolved once per request by {@link ViewerJobs}: through the caller's bearer key
 * (its own tenant's job) or through a share token.
 *
 * @param share the share link the request came through, or null for a bearer request
 */
public record ViewedJob(JobView job, @Nullable SharedJob share) {

    public String tenantId() {
        return job.tenantId();
    }

    public String jobId() {
        return job.id();
    }

    /** True when the request came through a share link (no API key). */
    public boolean shared() {
        return share != null;
    }
}
