package dev.preflight.review;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.PublicRoute;
import dev.preflight.reports.ShareLinks;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.UUID;

/**
 * Approval chains: attach, read, decide a step, cancel (with an API key), and the approver's twin through a share
 * link of the job (no API key: the identified visitor must be the approver of the step in review).
 */
@RestController
@Tag(name = "approvals")
class ApprovalController {

    private static final String CHAIN = "/api/v1/jobs/{job_id}/approval-chain";
    private static final String PUBLIC = "/api/v1/viewer/public/{token}/approval-chain";
    private static final String WRITE = "The key lacks the permission jobs:write";

    private final ApprovalService approvals;
    private final ShareLinks links;

    ApprovalController(ApprovalService approvals, ShareLinks links) {
        this.approvals = approvals;
        this.links = links;
    }

    /** One step of a chain to attach (documentation; the handler validates the JSON itself). */
    @Schema(name = "ApprovalStepRequest")
    record StepRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 1,
                               maxLength = ApprovalService.MAX_NAME, description = "unique within the chain")
                       String stepName,
                       @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "email",
                               maxLength = ApprovalService.MAX_EMAIL) String approverEmail,
                       @Schema(minimum = "1", maximum = "" + ApprovalService.MAX_TIMEOUT_HOURS,
                               description = "hours the approver has once the step starts; omit for no timeout")
                       @Nullable Integer timeoutHours) {
    }

    /** Body of a chain (documentation). */
    @Schema(name = "ApprovalChainRequest")
    record ChainRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 1,
                                maxLength = ApprovalService.MAX_STEPS, description = "in order; 1 to 20 steps")
                        List<StepRequest> steps) {
    }

    /** Body of a step decision (documentation). */
    @Schema(name = "ApprovalDecisionRequest")
    record DecisionRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = {"approve", "reject"})
                           String decision,
                           @Schema(maxLength = ApprovalService.MAX_NOTES) @Nullable String notes) {
    }

    @PostMapping(CHAIN)
    @Operation(operationId = "attachApprovalChain", summary = "Attach an approval chain to the job",
            description = "On a completed job step 0 starts at once (approval.chain.started, approval.step.started);"
                    + " on a job still queued the chain is pending until the job completes (and cancelled if it "
                    + "fails). A job has one chain in force, its newest: another may be attached only when none is "
                    + "pending or in progress and the newest did not approve the job.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = ChainRequest.class))))
    @ApiError(status = 403, when = WRITE)
    @ApiError(status = 409, when = "The job failed, its chain is pending or in progress, or a chain approved it")
    ApprovalChain attach(Caller caller, @PathVariable("job_id") UUID jobId,
                         @RequestBody(required = false) @Nullable JsonNode body) {
        return approvals.attach(caller, jobId, body);
    }

    @GetMapping(CHAIN)
    @Operation(operationId = "getApprovalChain", summary = "The job's approval chain in force (its newest)")
    ApprovalChain get(Caller caller, @PathVariable("job_id") UUID jobId) {
        return approvals.current(caller, jobId);
    }

    @PostMapping(CHAIN + "/steps/{step}/decision")
    @Operation(operationId = "decideApprovalStep", summary = "Approve or reject the step in review",
            description = "Emits approval.step.decided, then approval.step.started for the next step, "
                    + "approval.chain.completed after the last approval, or approval.chain.rejected. Each step "
                    + "decision is also recorded as a job-level decision with source approval_chain.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = DecisionRequest.class))))
    @ApiError(status = 403, when = WRITE)
    @ApiError(status = 409, when = "The step is not the one in review, or the chain is pending or ended")
    ApprovalChain decide(Caller caller, @PathVariable("job_id") UUID jobId,
                         @Parameter(description = "0-based index of the step", schema = @Schema(minimum = "0"))
                         @PathVariable("step") int step,
                         @RequestBody(required = false) @Nullable JsonNode body) {
        return approvals.decide(caller, jobId, step, ApprovalService.parseDecision(body));
    }

    @PostMapping(CHAIN + "/cancel")
    @Operation(operationId = "cancelApprovalChain", summary = "Cancel the chain in force",
            description = "Emits approval.chain.cancelled; steps not decided yet become cancelled.")
    @ApiError(status = 403, when = WRITE)
    @ApiError(status = 409, when = "The chain already ended (approved, rejected, cancelled or timed out)")
    ApprovalChain cancel(Caller caller, @PathVariable("job_id") UUID jobId) {
        return approvals.cancel(caller, jobId);
    }

    @GetMapping(PUBLIC)
    @PublicRoute
    @Operation(operationId = "getSharedApprovalChain", summary = "The approval chain of a share link's job",
            description = "No authentication: the share token. Links that require a visitor email answer 403 until "
                    + "the visitor identified (X-Visitor-Token header or cookie).")
    @ApiError(status = 403, when = "The link requires a visitor email and the visitor has not identified")
    @ApiError(status = 410, when = "The link expired or was revoked")
    ApprovalChain getShared(@PathVariable("token") String token, HttpServletRequest request) {
        return approvals.current(links.requireVisitor(token, request));
    }

    @PostMapping(PUBLIC + "/decision")
    @PublicRoute
    @Operation(operationId = "decideSharedApprovalStep", summary = "The approver decides the step in review",
            description = "No API key: the share token of the job, and the visitor identified (X-Visitor-Token "
                    + "header or cookie from POST /api/v1/reports/tokens/{token}/visitor) as the approver_email of "
                    + "the step in review. Same effects and events as the authenticated decision.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = DecisionRequest.class))))
    @ApiError(status = 403, when = "The visitor has not identified, or is not the approver of the step in review")
    @ApiError(status = 409, when = "No step is in review (the chain is pending or ended)")
    @ApiError(status = 410, when = "The link expired or was revoked")
    ApprovalChain decideShared(@PathVariable("token") String token,
                               @RequestBody(required = false) @Nullable JsonNode body, HttpServletRequest request) {
        var link = links.requireVisitor(token, request);
        return approvals.decideShared(link, ApprovalService.parseDecision(body));
    }
}
