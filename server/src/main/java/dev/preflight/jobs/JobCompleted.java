package dev.preflight.jobs;

/** Published when a job reaches {@code completed}. */
public record JobCompleted(String tenantId, String jobId) {
}
