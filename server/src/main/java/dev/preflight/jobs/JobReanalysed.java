package dev.preflight.jobs;

/**
 * Published in the transaction that replaces a completed job's findings with those of a new analysis (audit rerun):
 * its profile, findings and summary changed; its status did not.
 */
public record JobReanalysed(String tenantId, String jobId, String profileId, String previousProfileId,
                            Summary summary) {
}
