package dev.preflight.findings;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One finding as the API shows it (spec: Finding). The same body on a job, in an import preview, in a report and
 * behind a share token.
 *
 * @param findingId         stable id of this finding within its job; null where the finding is not stored (preview)
 * @param inspectionId      id of the check ({@code GET /api/v1/check-names}) or of the imported rule
 * @param severity          error, warning, advisory or info
 * @param pageNum           1-based page; 0 = document-level
 * @param bbox              [x0, y0, x1, y1] in PDF points, origin bottom-left of the page; null when not located
 * @param effectiveDecision latest non-revoked decision on this finding
 * @param jdfContext        present when the job has a JDF/XJDF sidecar
 */
@Schema(name = "Finding")
public record Finding(
        @Schema(format = "uuid", description = "stable id of the finding within its job (decisions, explanations); "
                + "null only in an import mapping preview, where nothing is stored") @Nullable String findingId,
        @Schema(description = "id of the check (GET /api/v1/check-names) or of the imported rule") String inspectionId,
        @Schema(allowableValues = {"error", "warning", "advisory", "info"}) String severity,
        String message,
        @Schema(description = "1-based page; 0 = document-level", minimum = "0") int pageNum,
        @Schema(description = "[x0, y0, x1, y1] in PDF points, origin bottom-left of the page; null when not located")
        @Nullable List<Double> bbox,
        @Schema(description = "PDF object identifier, e.g. \"12 0 R\"") @Nullable String objectId,
        @Schema(description = "engine values: image, text, path, font, page, document; imports may carry other strings")
        @Nullable String objectType,
        @Schema(description = "thematic group, e.g. image, color, font, structure, metadata, compliance, output_intent")
        @Nullable String category,
        @Schema(description = "compliance clause, e.g. GWG2022 R0031") @Nullable String isoClause,
        @Schema(description = "check-specific measurements") @Nullable Map<String, Object> details,
        @Schema(description = "engine, ai, external:preflight_a, external:preflight_b, external:preflight_c, "
                + "external:service_json, external:custom:<mapping_id>") String source,
        @Schema(description = "AI audit of the finding; null when not audited") @Nullable Audit audit,
        @Schema(description = "latest non-revoked decision on this finding; null when none")
        @Nullable EffectiveDecision effectiveDecision,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "present when a JDF/XJDF sidecar was supplied") @Nullable Map<String, Object> jdfContext) {

    /** The same finding with its stored id and its job's ticket context. */
    public Finding stored(String id, @Nullable Map<String, Object> jobJdfContext) {
        return new Finding(id, inspectionId, severity, message, pageNum, bbox, objectId, objectType, category,
                isoClause, details, source, audit, effectiveDecision, jobJdfContext);
    }

    /** The same finding with review data attached. */
    public Finding reviewed(@Nullable Audit newAudit, @Nullable EffectiveDecision decision) {
        return new Finding(findingId, inspectionId, severity, message, pageNum, bbox, objectId, objectType, category,
                isoClause, details, source, newAudit, decision, jdfContext);
    }

    /**
     * The AI audit of a finding (spec: Finding.audit).
     *
     * @param status {@code confirmed} when the audit reproduced the finding; other values are documented by the module
     *               that audits
     */
    @Schema(name = "FindingAudit")
    public record Audit(String status, @Nullable String rationale, @Nullable String model,
                        @Nullable Instant at) {
    }

    /** The latest non-revoked decision on a finding (spec: Finding.effective_decision). */
    @Schema(name = "EffectiveDecision")
    public record EffectiveDecision(
            @Schema(allowableValues = {"approve", "reject", "waive", "suppress", "annotate", "escalate"})
            String decisionType,
            Instant decidedAt,
            @Nullable String decidedByUserId) {
    }
}
