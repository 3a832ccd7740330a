package dev.preflight.reports;

import dev.preflight.branding.Branding;
import dev.preflight.findings.Finding;
import dev.preflight.jobs.Summary;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/**
 * The json report format (also the {@code data} of an inline json mint): the job block, the summary, the findings in
 * the API's shape, the frozen branding, the checks that fired with their explanation, and when it was generated.
 */
@Schema(name = "ReportDocument")
record ReportDocument(@Schema(allowableValues = {"1"}) String schemaVersion, Instant generatedAt, JobBlock job,
                      Summary summary, List<Finding> findings, BrandingBlock branding, List<CheckBlock> checks) {

    @Schema(name = "ReportJob")
    record JobBlock(@Schema(format = "uuid") String jobId, String fileName, @Schema(minimum = "0") long fileSize,
                    @Nullable Integer pageCount, String profileId,
                    @Schema(allowableValues = {"engine", "external", "minimal"}) String preflightSource,
                    String status, Instant createdAt, @Nullable Instant completedAt) {
    }

    @Schema(name = "ReportBranding", description = "the branding frozen when the report was minted; for anonymous "
            + "reports only mode is set")
    record BrandingBlock(@Schema(allowableValues = {"anonymous", "service", "profile", "override"}) String mode,
                         @Nullable String brandName, @Schema(format = "uri") @Nullable String logoUrl,
                         @Nullable String primaryColor, @Nullable String accentColor, @Nullable String footerText,
                         boolean hideFooter) {
    }

    @Schema(name = "ReportCheck")
    record CheckBlock(String inspectionId, String name, @Nullable String description,
                      @Schema(allowableValues = {"error", "warning", "advisory", "info"}) String severity,
                      @Schema(minimum = "0") int count, @Schema(description = "pages as ranges, e.g. \"1, 3-5\"") String pages) {
    }

    static ReportDocument of(ReportModel m) {
        ReportModel.Job j = m.job();
        Branding b = m.branding();
        BrandingBlock branding = b.anonymous()
                ? new BrandingBlock("anonymous", null, null, null, null, null, true)
                : new BrandingBlock(b.mode(), b.brandName(), b.logoUrl(), b.primaryColor(), b.accentColor(),
                b.footerText(), b.hideFooter());
        return new ReportDocument("1", m.generatedAt(),
                new JobBlock(j.jobId(), j.fileName(), j.fileSize(), j.pageCount(), j.profileId(), j.preflightSource(),
                        j.status(), j.createdAt(), j.completedAt()),
                m.summary(), m.findings(), branding,
                m.groups().stream().map(g -> new CheckBlock(g.inspectionId(), g.name(), g.explanation(),
                        g.severity(), g.count(), g.pages())).toList());
    }
}
