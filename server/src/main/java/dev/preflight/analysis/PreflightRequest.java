package dev.preflight.analysis;

import org.jspecify.annotations.Nullable;

import java.nio.file.Path;

/**
 * What one job asks of the preflight pipeline.
 *
 * @param source    engine, external or minimal
 * @param profileId the profile an engine run uses (ignored otherwise)
 * @param input     the uploaded file (PDF or a convertible image/PostScript), on local disk
 * @param scratch   a private directory the run may fill; the caller deletes it
 * @param report    the external report of an external job
 * @param jdf       the JDF/XJDF sidecar bytes, or null
 * @param brandSpec the BrandSpec the job resolved to (engine runs measure brand colours against it), or null
 */
public record PreflightRequest(String tenantId, String jobId, String source, String profileId, Path input,
                               Path scratch, @Nullable ExternalReport report, byte @Nullable [] jdf,
                               @Nullable BrandSpecTargets brandSpec) {

    /**
     * An external report to import.
     *
     * @param format    external_format as stored on the job ({@code custom} with a mapping)
     * @param mappingId the tenant's custom mapping, or null
     */
    public record ExternalReport(String format, @Nullable String mappingId, byte[] content) {
    }
}
