package dev.preflight.jobs;

import dev.preflight.analysis.EpmVerdict;
import dev.preflight.analysis.IngestCapabilities;
import dev.preflight.analysis.PageBoxes;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A job as other modules see it (viewer, reports, review, webhooks): read through {@link JobService}, always scoped
 * by tenant. Findings are read separately ({@link JobService#findings}).
 *
 * @param preflightSource engine, external or minimal
 * @param externalFormat  format of the imported report (external jobs)
 * @param inputType       what was uploaded (pdf, jpeg, png, tiff, postscript, eps); null until processed
 * @param pages           page boxes stored at ingest; empty until processed
 * @param capabilities    what the ingest produced for the viewer; null until processed
 * @param sourceJobId     the job whose file was fixed into this one (POST /api/v1/jobs/{job_id}/fixups), or null
 * @param fixupsApplied   what the fixups run on this job's file did; empty when none ran (or not yet)
 */
public record JobView(String id, String tenantId, JobStatus status, String profileId, String preflightSource,
                      @Nullable String externalFormat, @Nullable String mappingId, String fileName, long fileSize,
                      @Nullable String inputType, @Nullable Integer pageCount, @Nullable String pdfVersion,
                      List<PageBoxes> pages, Summary summary, @Nullable String error,
                      @Nullable Map<String, Object> externalSource, @Nullable IngestCapabilities capabilities,
                      @Nullable Map<String, Object> jdfContext, @Nullable EpmVerdict epmVerdict, SubmitOptions options,
                      Instant createdAt, @Nullable Instant startedAt, @Nullable Instant completedAt,
                      @Nullable Long durationMs, @Nullable String sourceJobId, List<FixupApplied> fixupsApplied) {

    public JobView {
        pages = List.copyOf(pages);
        fixupsApplied = List.copyOf(fixupsApplied);
    }

    /** True once analysis or import output exists (the job completed). */
    public boolean complete() {
        return status == JobStatus.COMPLETED;
    }
}
