package dev.preflight.reports;

/**
 * Published in the transaction that revokes a share link of a job, so that modules showing a job's links (the job
 * state) can say so. Not a webhook event: the catalogue has none for a revocation.
 */
public record ShareLinkRevoked(String tenantId, String jobId, String format) {
}
