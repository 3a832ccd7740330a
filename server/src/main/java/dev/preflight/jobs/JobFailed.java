package dev.preflight.jobs;

/** Published when a job reaches {@code failed}; {@code error} is the readable reason. */
public record JobFailed(String tenantId, String jobId, String error) {
}
