package dev.preflight.jobs;

/**
 * Published in the transaction that deletes a job. Its stored files (everything under the job's storage prefix)
 * are gone; modules that keep rows about the job delete them on this event.
 */
public record JobDeleted(String tenantId, String jobId) {
}
