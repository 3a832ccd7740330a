package dev.preflight.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Response bodies of the jobs routes (spec: Job, Summary, Finding). */
final class JobResponses {

    private JobResponses() {
    }

    @Schema(name = "SubmitResponse")
    record Submitted(@Schema(format = "uuid") String jobId,
                     @Schema(description = "queued (self-hosted wording) or pending (hosted wording)") String status,
                     String message) {
    }

    @Schema(name = "Summary")
    record Summary(int totalFindings, int errorCount, int warningCount, int advisoryCount,
                   @Schema(description = "false when any finding is an error") boolean passed, int pageCount,
                   long fileSizeBytes) {
    }

    @Schema(name = "Finding")
    record FindingBody(
            @Schema(description = "id of this finding (for decisions and explanations)", format = "uuid") String findingId,
            @Schema(description = "id of the check (GET /api/v1/check-names) or the imported rule") String inspectionId,
            @Schema(allowableValues = {"error", "warning", "advisory", "info"}) String severity,
            String message,
            @Schema(description = "1-based page; 0 = document-level") int pageNum,
            @Schema(description = "[x0,y0,x1,y1] in PDF points, origin bottom-left of the page; null when not located")
            List<Double> bbox,
            @Schema(description = "PDF object identifier, e.g. \"12 0 R\"") String objectId,
            @Schema(description = "engine values: image, text, path, font, page, document; imports may carry other strings")
            String objectType,
            String category,
            @Schema(description = "compliance clause, e.g. GWG2022 R0031") String isoClause,
            Map<String, Object> details,
            @Schema(description = "engine, ai, external:preflight_a, external:preflight_b, external:preflight_c, external:service_json, external:custom:<mapping_id>")
            String source,
            @Schema(description = "AI audit {status, rationale, model, at}; null when not audited") Map<String, Object> audit,
            @Schema(description = "latest non-revoked decision; null when none") Map<String, Object> effectiveDecision,
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @Schema(description = "present when a JDF/XJDF sidecar was supplied") Map<String, Object> jdfContext) {
    }

    @Schema(name = "ReportLinks", description = "URLs of minted pdf and html reports; null until minted")
    record Reports(String pdf, String html) {
    }

    @Schema(name = "JobResponse")
    record JobBody(
            @Schema(format = "uuid") String jobId,
            @Schema(description = "self-hosted wording: queued, completed, failed; hosted wording: pending, complete, failed")
            String status,
            String profileId,
            @Schema(allowableValues = {"engine", "external", "minimal"}) String preflightSource,
            @Schema(description = "format of the imported report; null unless preflight_source=external") String externalFormat,
            String fileName,
            @Schema(description = "bytes") long fileSize,
            Integer pageCount,
            Instant createdAt,
            Instant completedAt,
            @Schema(description = "processing time in milliseconds") Long durationMs,
            Summary summary,
            List<FindingBody> findings,
            Reports reports,
            @Schema(description = "EPM verdict; null until computed (computed when the profile runs EPM checks)")
            Map<String, Object> epmVerdict,
            int decisionsCount,
            @Schema(description = "source block of an imported report (tool, version, profile, ...), stored verbatim")
            Map<String, Object> externalSource,
            @Schema(description = "why the job failed; null otherwise") String error) {
    }

    @Schema(name = "EpmVerdict")
    record EpmVerdict(String jobId,
                      @Schema(allowableValues = {"pass", "pass_with_advisory", "marginal", "reject"}) String tier,
                      List<String> rejectionDrivers, List<String> advisories, boolean recommendsSpecialSubstrate,
                      List<String> legacyCodesFired, int epmFindingsCount) {
    }

    @Schema(name = "JobListItem")
    record JobListItem(String jobId, String status, String profileId, String preflightSource, String fileName,
                       long fileSize, Integer pageCount, Instant createdAt, Instant completedAt, Long durationMs,
                       Summary summary,
                       @Schema(description = "always null on list responses") Map<String, Object> epmVerdict,
                       String error) {
    }

    @Schema(name = "JobList")
    record JobList(List<JobListItem> jobs, long total, int page, int pageSize) {
    }
}
