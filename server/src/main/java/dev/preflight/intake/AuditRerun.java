package dev.preflight.intake;

import dev.preflight.findings.Finding;
import dev.preflight.jobs.JobStatus;
import dev.preflight.jobs.Summary;

import java.time.Instant;
import java.util.List;

/**
 * An audit rerun row. {@code previousFindings} are the job's findings before the rerun, each with its audit
 * (confirmed or not_reproduced); empty until the rerun completes.
 */
record AuditRerun(String id, String tenantId, String jobId, JobStatus status, String profileId,
                  String previousProfileId, Summary previousSummary, Summary summary, List<Finding> previousFindings,
                  int confirmed, int notReproduced, int added, String error, Instant requestedAt,
                  Instant completedAt) {
}
