package dev.preflight.reports;

import dev.preflight.findings.Finding;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/** Request and response bodies of the reports routes (spec: Reports and share links, Report (minted)). */
final class ReportBodies {

    private ReportBodies() {
    }

    @Schema(name = "MintedReport")
    record Minted(
            @Schema(allowableValues = {"json", "xml", "html", "pdf", "annotated_pdf", "annotated_pdf_markup"}) String format,
            @Schema(format = "uri", description = "{reports_base_url}/r/{token}.{ext}; null for inline-only rows")
            @Nullable String url,
            @Schema(description = "43-character share token; null for inline-only rows") @Nullable String token,
            @Schema(description = "null for inline-only rows or expiry_days null") @Nullable Instant expiresAt,
            @Schema(description = "the report itself when return is inline or both: the json report as an object, "
                    + "the xml report as a string", oneOf = {ReportDocument.class, String.class})
            @Nullable Object data,
            @Schema(allowableValues = {"application/json", "application/xml"}, description = "media type of data; null when data is null")
            @Nullable String contentType) {
    }

    @Schema(name = "MintResponse")
    record MintResponse(List<Minted> reports) {
    }

    @Schema(name = "ReportFormatRequest")
    record FormatRequest(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                    allowableValues = {"json", "xml", "html", "pdf", "annotated_pdf", "annotated_pdf_markup"}) String format,
            @Schema(allowableValues = {"url", "inline", "both"}, defaultValue = "url",
                    description = "inline and both only for json and xml") String returns) {
    }

    @Schema(name = "BrandingOverrideRequest", description = "per-call branding; needs the white-label entitlement")
    record BrandingRequest(@Schema(maxLength = 255) String name,
                           @Schema(format = "uri", maxLength = 2048, description = "absolute https URL") String logoUrl,
                           @Schema(pattern = "^#[0-9A-Fa-f]{6}$") String primaryColor,
                           @Schema(pattern = "^#[0-9A-Fa-f]{6}$") String accentColor,
                           Boolean hideFooter) {
    }

    @Schema(name = "MintRequest", description = "Every field optional. formats: names, or {format, return} objects "
            + "(shown here as ReportFormatRequest; the key is 'return').")
    record MintRequestDoc(
            @Schema(description = "default [html, pdf]; each a name or {format, return}") List<Object> formats,
            @Schema(description = "default: the plan's default (7 days); null = no expiry; ignored for inline-only rows",
                    minimum = "1", maximum = "3650") Integer expiryDays,
            @Schema(format = "email", description = "one address the URLs are mailed to (needs PREFLIGHT_SMTP_*)") String emailTo,
            BrandingRequest branding,
            @Schema(allowableValues = {"executive", "standard", "comprehensive"}, defaultValue = "standard") String detailLevel,
            @Schema(allowableValues = {"prepend", "only", "off"}, defaultValue = "prepend") String summaryPage,
            @Schema(defaultValue = "false", description = "share-link visitors may annotate") Boolean allowAnnotations,
            @Schema(defaultValue = "false", description = "visitors must give an email before anything is shown")
            Boolean requireVisitorEmail) {
    }

    @Schema(name = "ReportTokenSummary")
    record TokenRow(String token,
                    @Schema(allowableValues = {"json", "xml", "html", "pdf", "annotated_pdf", "annotated_pdf_markup"}) String format,
                    @Nullable Instant expiresAt, Instant createdAt,
                    @Schema(minimum = "0", description = "real visits: landing page views, downloads and findings reads; "
                            + "link-preview bots and prefetches are not counted") long accessedCount) {
    }

    @Schema(name = "ReportTokenList")
    record TokenList(List<TokenRow> reports) {
    }

    @Schema(name = "BatchMintRequest")
    record BatchRequestDoc(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "1 to 500 completed jobs of the tenant")
            List<String> jobIds,
            @Schema(description = "format names; default [html, pdf]") List<String> formats,
            @Schema(minimum = "1", maximum = "3650", description = "default: the plan's default; null = no expiry")
            Integer expiryDays,
            @Schema(defaultValue = "false") Boolean allowAnnotations,
            @Schema(defaultValue = "false") Boolean requireVisitorEmail) {
    }

    @Schema(name = "BatchMintedReport")
    record BatchReport(@Schema(allowableValues = {"json", "xml", "html", "pdf", "annotated_pdf", "annotated_pdf_markup"}) String format,
                       String token, @Schema(format = "uri") String url,
                       @Schema(format = "uri", description = "{app_url}/app/s/{token}: the job in the shared viewer") String viewerUrl,
                       @Nullable Instant expiresAt, boolean allowAnnotations, boolean requireVisitorEmail) {
    }

    @Schema(name = "BatchMintResult")
    record BatchResult(@Schema(format = "uuid") String jobId, @Schema(allowableValues = {"ok", "failed"}) String status,
                       List<BatchReport> reports, @Schema(description = "why the job failed; null when ok") @Nullable String error) {
    }

    @Schema(name = "BatchMintSummary")
    record BatchSummary(@Schema(minimum = "0") int ok, @Schema(minimum = "0") int failed) {
    }

    @Schema(name = "BatchMintResponse")
    record BatchResponse(List<BatchResult> results, BatchSummary summary) {
    }

    @Schema(name = "ReportTokenInfo")
    record TokenInfo(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String tenantId, String fileName,
                     @Schema(description = "true when the link asks visitors to identify with an email first") boolean emailRequired) {
    }

    @Schema(name = "ReportTokenFindings")
    record TokenFindings(List<Finding> findings) {
    }

    @Schema(name = "VisitorRequest")
    record VisitorRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "email", maxLength = 320) String email) {
    }

    @Schema(name = "VisitorIdentification")
    record Visitor(@Schema(description = "send it as the X-Visitor-Token header (browsers also get the share_visitor cookie)")
                   String visitorToken, String email, Instant expiresAt) {
    }
}
