package dev.preflight.ai;

import dev.preflight.billing.AiCostCapResponse;
import dev.preflight.platform.ApiError;
import dev.preflight.platform.PublicRoute;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.UUID;

/** AI explanations of findings and the AI provider's health probe; 404 while no provider is configured. */
@RestController
@Tag(name = "ai")
class AiController {

    private final AiService service;

    AiController(AiService service) {
        this.service = service;
    }

    @Schema(name = "FindingExplanation")
    record ExplanationBody(
            @Schema(format = "uuid") String findingId,
            @Schema(description = "plain-language explanation: what the finding means, why it matters in print, "
                    + "how to fix it") String explanation,
            @Schema(description = "the model that wrote the explanation") String model,
            @Schema(description = "true when the explanation was stored from an earlier call: no provider call was "
                    + "made and nothing was charged") boolean cached,
            @Schema(description = "what this call cost against the tenant's monthly AI cost cap, in cents "
                    + "(thousandths of a cent precision); 0 when cached", minimum = "0") double costCents) {
    }

    @Schema(name = "AiHealth")
    record HealthBody(
            @Schema(allowableValues = {"up", "down"}) String status,
            @Schema(description = "the configured model") String model,
            @Schema(description = "when the provider was last probed; results are reused for "
                    + "PREFLIGHT_AI_HEALTH_CACHE_TTL_S seconds") Instant checkedAt,
            @Schema(description = "why the provider is down; null when up") @Nullable String detail) {
    }

    @PostMapping("/api/v1/jobs/{job_id}/findings/{finding_id}/explain")
    @Operation(operationId = "explainFinding", summary = "AI explanation of a finding",
            description = "Asks the configured AI provider to explain the finding in plain language. The prompt "
                    + "carries the finding, its check's description and the measured details, never the file. "
                    + "Explanations are cached on the finding: a second call returns the stored one with "
                    + "cached=true and cost_cents=0 (also once the cap is spent), until the finding changes (an "
                    + "audit rerun) or the model does. Each new explanation is charged to the tenant's monthly AI "
                    + "cost cap at the configured token prices; a provider failure charges nothing.")
    @ApiResponse(responseCode = "200", description = "The explanation",
            content = @Content(schema = @Schema(implementation = ExplanationBody.class)))
    @ApiResponse(responseCode = "402", description = "The tenant's monthly AI cost cap is spent",
            content = @Content(schema = @Schema(implementation = AiCostCapResponse.class)))
    @ApiError(status = 403, when = "The API key lacks the jobs:write permission")
    @ApiError(status = 404, when = "No AI provider is configured on this server, or the job or finding is unknown "
            + "(or of another tenant)")
    @ApiError(status = 502, when = "The AI provider answered with an error or with something that is not a chat "
            + "completion; nothing was charged")
    @ApiError(status = 503, when = "The AI provider cannot be reached, timed out or is rate limiting (then with "
            + "Retry-After when the provider sent one); nothing was charged")
    ExplanationBody explain(Caller caller, @PathVariable("job_id") UUID jobId,
                            @PathVariable("finding_id") UUID findingId) {
        service.requireProvider();
        caller.require(Permission.JOBS);
        AiService.Explained e = service.explain(caller, jobId.toString(), findingId.toString());
        return new ExplanationBody(e.findingId(), e.explanation(), e.model(), e.cached(), e.costCents());
    }

    @GetMapping("/api/v1/ai/health")
    @PublicRoute
    @Operation(operationId = "aiHealth", summary = "AI provider health (AI-inference outage probe)",
            description = "Asks the configured provider for its model list (no tokens spent). 200 when it answers, "
                    + "503 when it does not; the result is reused for a few seconds so that the probe cannot be used "
                    + "to flood the provider.")
    @ApiResponse(responseCode = "200", description = "The provider answers",
            content = @Content(schema = @Schema(implementation = HealthBody.class)))
    @ApiResponse(responseCode = "503", description = "The provider cannot be reached or answers with an error",
            content = @Content(schema = @Schema(implementation = HealthBody.class)))
    @ApiError(status = 404, when = "No AI provider is configured on this server")
    ResponseEntity<HealthBody> health() {
        AiService.Probe p = service.health();
        return ResponseEntity.status(p.up() ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                .body(new HealthBody(p.up() ? "up" : "down", p.model(), p.checkedAt(), p.detail()));
    }
}
