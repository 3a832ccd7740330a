package dev.preflight.review;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.util.UUID;

/** The decisions audit (spec: Decisions): list, decide on a job or one of its findings, revoke. */
@RestController
@Tag(name = "decisions")
class DecisionController {

    private static final String JOB = "/api/v1/jobs/{job_id}";
    private static final String WRITE = "The key lacks the permission jobs:write";

    private final DecisionService decisions;

    DecisionController(DecisionService decisions) {
        this.decisions = decisions;
    }

    /** Body of a decision (documentation; the handler validates the JSON itself). */
    @Schema(name = "DecisionRequest")
    record DecisionRequest(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                    allowableValues = {"approve", "reject", "waive", "suppress", "annotate", "escalate"})
            String decisionType,
            @Schema(maxLength = Decision.MAX_USER_ID, description = "who decided, in the caller's own terms")
            @Nullable String decidedByUserId,
            @Schema(allowableValues = {"dashboard", "api", "plugin", "sdk", "share_link", "approval_chain", "desktop",
                    "system", "migration"}, description = "where the decision was taken; default api")
            @Nullable String source,
            @Schema(maxLength = Decision.MAX_NOTES) @Nullable String notes) {
    }

    /** Body of a revoke (documentation). */
    @Schema(name = "RevokeDecisionRequest")
    record RevokeRequest(@Schema(maxLength = Decision.MAX_USER_ID) @Nullable String revokedByUserId,
                         @Schema(maxLength = Decision.MAX_NOTES) @Nullable String revokedReason) {
    }

    @GetMapping(JOB + "/decisions")
    @Operation(operationId = "listDecisions", summary = "The job's decisions, newest first",
            description = "Job- and finding-level decisions. Revoked ones only with include_revoked=true.")
    DecisionService.DecisionList list(Caller caller, @PathVariable("job_id") UUID jobId,
                                      @Parameter(description = "also list revoked decisions (default false)")
                                      @RequestParam(value = "include_revoked", required = false)
                                      @Nullable Boolean includeRevoked,
                                      @Parameter(schema = @Schema(minimum = "1", maximum = "" + DecisionService.MAX_LIMIT,
                                              defaultValue = "" + DecisionService.DEFAULT_LIMIT),
                                              description = "at most this many decisions (default 200)")
                                      @RequestParam(value = "limit", required = false) @Nullable Integer limit) {
        if (limit != null && (limit < 1 || limit > DecisionService.MAX_LIMIT)) {
            Validator.query().add("limit", "Input should be between 1 and " + DecisionService.MAX_LIMIT, "value_error")
                    .throwIfInvalid();
        }
        return decisions.list(caller, jobId, Boolean.TRUE.equals(includeRevoked),
                limit == null ? DecisionService.DEFAULT_LIMIT : limit);
    }

    @PostMapping(JOB + "/decisions")
    @Operation(operationId = "createJobDecision", summary = "Record a decision on the job",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = DecisionRequest.class))))
    @ApiError(status = 403, when = WRITE)
    Decision decideJob(Caller caller, @PathVariable("job_id") UUID jobId,
                       @RequestBody(required = false) @Nullable JsonNode body) {
        return decisions.decide(caller, jobId, null, DecisionService.parse(body));
    }

    @PostMapping(JOB + "/findings/{finding_id}/decisions")
    @Operation(operationId = "createFindingDecision", summary = "Record a decision on one finding of the job",
            description = "finding_id is the finding's stable id (finding_id on each finding of the job). A waive or "
                    + "suppress decision leaves the finding's severity as it is and counts it in summary.waived_count.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = DecisionRequest.class))))
    @ApiError(status = 403, when = WRITE)
    Decision decideFinding(Caller caller, @PathVariable("job_id") UUID jobId,
                           @PathVariable("finding_id") UUID findingId,
                           @RequestBody(required = false) @Nullable JsonNode body) {
        return decisions.decide(caller, jobId, findingId, DecisionService.parse(body));
    }

    @PostMapping(JOB + "/decisions/{decision_id}/revoke")
    @Operation(operationId = "revokeDecision", summary = "Revoke a decision (idempotent)",
            description = "Stamps revoked_at, revoked_by_user_id and revoked_reason and sets is_active=false; the "
                    + "decision is kept. Revoking a revoked decision changes nothing and answers it as it is.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = false,
                    content = @Content(schema = @Schema(implementation = RevokeRequest.class))))
    @ApiError(status = 403, when = WRITE)
    Decision revoke(Caller caller, @PathVariable("job_id") UUID jobId, @PathVariable("decision_id") UUID decisionId,
                    @RequestBody(required = false) @Nullable JsonNode body) {
        return decisions.revoke(caller, jobId, decisionId, body);
    }
}
