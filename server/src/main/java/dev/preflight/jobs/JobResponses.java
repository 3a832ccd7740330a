package dev.preflight.jobs;

import dev.preflight.analysis.EpmVerdict;
import dev.preflight.findings.Finding;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Response bodies of the jobs routes (spec: Job, Summary, Finding). The submit answers are public: every route that
 * submits a job (vanity endpoints, batches) answers with them, assembled by {@link JobViews}.
 */
public final class JobResponses {

    private JobResponses() {
    }

    /** The 202 answer of a submit: {@code {job_id, status, message}}. */
    @Schema(name = "SubmitResponse")
    public record Submitted(@Schema(format = "uuid") String jobId,
                     @Schema(description = "queued (self-hosted wording) or pending (hosted wording)") String status,
                     String message) {
    }

    /** The full job (spec: JobResponse). */
    @Schema(name = "JobResponse")
    public record JobBody(
            @Schema(format = "uuid") String jobId,
            @Schema(description = "self-hosted wording: queued, completed, failed; hosted wording: pending, complete, failed")
            String status,
            String profileId,
            @Schema(allowableValues = {"engine", "external", "minimal"}) String preflightSource,
            @Schema(description = "format of the imported report; null unless preflight_source=external")
            @Nullable String externalFormat,
            String fileName,
            @Schema(description = "bytes", minimum = "0") long fileSize,
            @Schema(description = "null until processed") @Nullable Integer pageCount,
            Instant createdAt,
            @Schema(description = "when the job reached a terminal state") @Nullable Instant completedAt,
            @Schema(description = "processing time in milliseconds") @Nullable Long durationMs,
            Summary summary,
            List<Finding> findings,
            JobResponseLinks.Reports reports,
            @Schema(description = "EPM verdict; null unless the profile runs EPM checks (e.g. profile_id=epm)")
            @Nullable EpmVerdict epmVerdict,
            @Schema(minimum = "0") int decisionsCount,
            @Schema(description = "source block of an imported report (tool, version, profile, ...), stored verbatim")
            @Nullable Map<String, Object> externalSource,
            @Schema(description = "why the job failed; null otherwise") @Nullable String error,
            @Schema(format = "uuid", description = "the job whose file was fixed into this one (POST "
                    + "/api/v1/jobs/{job_id}/fixups); null otherwise") @Nullable String sourceJobId,
            @Schema(description = "what each fixup run on this job's file did, in the order they ran; empty when none "
                    + "ran (yet). The findings are the fixed file's") List<FixupApplied> fixupsApplied) {

        /** The same body without the report links (for a share-link visitor, who holds only their own link). */
        public JobBody withoutReportLinks() {
            return new JobBody(jobId, status, profileId, preflightSource, externalFormat, fileName, fileSize,
                    pageCount, createdAt, completedAt, durationMs, summary, findings, JobResponseLinks.Reports.NONE,
                    epmVerdict, decisionsCount, externalSource, error, sourceJobId, fixupsApplied);
        }
    }

    @Schema(name = "JobListItem")
    record JobListItem(@Schema(format = "uuid") String jobId, String status, String profileId,
                       @Schema(allowableValues = {"engine", "external", "minimal"}) String preflightSource,
                       String fileName, @Schema(minimum = "0") long fileSize, @Nullable Integer pageCount,
                       Instant createdAt, @Nullable Instant completedAt, @Nullable Long durationMs, Summary summary,
                       @Schema(description = "always null on list responses (read the job for it)")
                       @Nullable EpmVerdict epmVerdict,
                       @Nullable String error) {
    }

    @Schema(name = "JobList")
    record JobList(List<JobListItem> jobs, @Schema(minimum = "0") long total, @Schema(minimum = "1") int page,
                   @Schema(minimum = "1") int pageSize) {
    }
}
