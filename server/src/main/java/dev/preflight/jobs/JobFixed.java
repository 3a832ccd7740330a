package dev.preflight.jobs;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * Published, in the transaction that completes the job, when a job whose file was fixed (by POST
 * /api/v1/jobs/{job_id}/fixups, or fixups or auto_fix at submit) completes its analysis of the fixed file; delivered
 * to webhooks as {@code job.fixed}, after nothing and alongside {@code job.completed}. Not published when auto_fix
 * found nothing to fix (the file was not changed) or when the fix failed (that is {@code job.failed}).
 *
 * @param sourceJobId the job whose file was fixed into this one, or null when the fix ran at submit
 */
public record JobFixed(String tenantId, String jobId, @Nullable String sourceJobId, String profileId,
                       List<FixupApplied> fixupsApplied, Summary summary) implements IntegrationEvent {

    public JobFixed {
        fixupsApplied = List.copyOf(fixupsApplied);
    }

    @Override
    public String eventType() {
        return "job.fixed";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, sourceJobId, profileId, fixupsApplied, summary);
    }

    /** The fields of {@code job.fixed}. */
    @Schema(name = "JobFixedEvent")
    public record Payload(@Schema(format = "uuid", description = "the job holding the fixed file") String jobId,
                          @Schema(format = "uuid", description = "the job whose file was fixed into this one; null "
                                  + "when the fixups ran at submit (the job keeps its original file too)")
                          @Nullable String sourceJobId,
                          @Schema(description = "the profile the fixed file was analysed under") String profileId,
                          @Schema(description = "what each fixup did, in the order they ran")
                          List<FixupApplied> fixupsApplied,
                          @Schema(description = "the fixed file's summary under profile_id") Summary summary) {
    }
}
