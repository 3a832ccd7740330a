package dev.preflight.intake;

import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Workflows (spec: Workflow): a profile, a BrandSpec and toggle-override defaults pinned under one name. */
@RestController
@Tag(name = "workflows")
class WorkflowController {

    private static final String PRECEDENCE = "Submitting with workflow_id (POST /api/v1/jobs, POST /api/v1/batch) "
            + "fills every submit part the request leaves out from the workflow's non-null fields; a part the request "
            + "gives always wins, and brand/unbranded count as one choice (giving either ignores both workflow values).";

    private final WorkflowService service;

    WorkflowController(WorkflowService service) {
        this.service = service;
    }

    @Schema(name = "Workflow", description = "A workflow: the submit fields it pins; a null field pins nothing. "
            + PRECEDENCE)
    record WorkflowBody(
            @Schema(format = "uuid") String id,
            String name,
            @Schema(description = "built-in or tenant-owned profile: the default of the submit part profile_id")
            String profileId,
            @Schema(format = "uuid", description = "default of the submit part brand_spec_id") @Nullable String brandSpecId,
            @Schema(allowableValues = {"engine", "external", "minimal"}, description = "default of preflight_source")
            @Nullable String preflightSource,
            @Schema(description = "default of ai_enabled") @Nullable Boolean aiEnabled,
            @Schema(description = "default of ai_categories (CSV)") @Nullable String aiCategories,
            @Schema(description = "default of ai_features (CSV of inspection slugs)") @Nullable String aiFeatures,
            @Schema(description = "default of ai_preset") @Nullable String aiPreset,
            @Schema(description = "default of brand: anonymous, service or a brand profile UUID") @Nullable String brand,
            @Schema(description = "default of unbranded") @Nullable Boolean unbranded,
            Instant createdAt,
            Instant updatedAt) {

        static WorkflowBody of(Workflow w) {
            return new WorkflowBody(w.id(), w.name(), w.profileId(), w.brandSpecId(), w.preflightSource(),
                    w.aiEnabled(), w.aiCategories(), w.aiFeatures(), w.aiPreset(), w.brand(), w.unbranded(),
                    w.createdAt(), w.updatedAt());
        }
    }

    @Schema(name = "WorkflowList")
    record WorkflowList(@Schema(description = "oldest first") List<WorkflowBody> workflows) {
    }

    @Schema(name = "WorkflowCreateRequest")
    record CreateRequest(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 1, maxLength = 255) String name,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, maxLength = 128,
                    description = "built-in or tenant-owned profile (404 otherwise)") String profileId,
            @Schema(format = "uuid", description = "a non-archived BrandSpec of the tenant (404 otherwise), or null")
            @Nullable String brandSpecId,
            @Schema(allowableValues = {"engine", "external", "minimal"}) @Nullable String preflightSource,
            @Nullable Boolean aiEnabled,
            @Schema(maxLength = 1024) @Nullable String aiCategories,
            @Schema(maxLength = 1024) @Nullable String aiFeatures,
            @Schema(maxLength = 128) @Nullable String aiPreset,
            @Schema(description = "anonymous, service or a brand profile UUID of the tenant (404 otherwise)")
            @Nullable String brand,
            @Nullable Boolean unbranded) {
    }

    @Schema(name = "WorkflowUpdateRequest", description = "Only the fields present change; null clears an optional "
            + "field (name and profile_id cannot be cleared). Unknown fields answer 422 (extra_forbidden).")
    record UpdateRequest(@Schema(minLength = 1, maxLength = 255) String name,
                         @Schema(maxLength = 128) String profileId,
                         @Schema(format = "uuid") @Nullable String brandSpecId,
                         @Schema(allowableValues = {"engine", "external", "minimal"}) @Nullable String preflightSource,
                         @Nullable Boolean aiEnabled,
                         @Schema(maxLength = 1024) @Nullable String aiCategories,
                         @Schema(maxLength = 1024) @Nullable String aiFeatures,
                         @Schema(maxLength = 128) @Nullable String aiPreset,
                         @Nullable String brand,
                         @Nullable Boolean unbranded) {
    }

    @GetMapping("/api/v1/workflows")
    @Operation(operationId = "listWorkflows", summary = "List the tenant's workflows")
    WorkflowList list(Caller caller) {
        return new WorkflowList(service.list(caller).stream().map(WorkflowBody::of).toList());
    }

    @GetMapping("/api/v1/workflows/{workflow_id}")
    @Operation(operationId = "getWorkflow", summary = "Get one workflow")
    WorkflowBody get(Caller caller, @PathVariable("workflow_id") UUID workflowId) {
        return WorkflowBody.of(service.get(caller, workflowId));
    }

    @PostMapping("/api/v1/workflows")
    @Operation(operationId = "createWorkflow", summary = "Create a workflow", description = PRECEDENCE
            + " Answers 200 with the Workflow (the spec keeps 201 for report mints and replays). Needs permission "
            + "jobs:write.")
    @ApiError(status = 403, when = "The key lacks jobs:write")
    @ApiError(status = 404, when = "profile_id, brand (a brand profile) or brand_spec_id unknown in this tenant")
    WorkflowBody create(Caller caller, @RequestBody CreateRequest body) {
        return WorkflowBody.of(service.create(caller, new WorkflowService.Fields(body.name(), body.profileId(),
                body.brandSpecId(), body.preflightSource(), body.aiEnabled(), body.aiCategories(), body.aiFeatures(),
                body.aiPreset(), body.brand(), body.unbranded())));
    }

    @PatchMapping("/api/v1/workflows/{workflow_id}")
    @Operation(operationId = "updateWorkflow", summary = "Change a workflow's fields",
            description = "Only the fields present change; null clears an optional field. Needs permission jobs:write.")
    @ApiError(status = 403, when = "The key lacks jobs:write")
    @ApiError(status = 404, when = "Unknown workflow, or profile_id, brand or brand_spec_id unknown in this tenant")
    WorkflowBody update(Caller caller, @PathVariable("workflow_id") UUID workflowId,
                        @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                                schema = @Schema(implementation = UpdateRequest.class)))
                        @RequestBody Map<String, Object> body) {
        return WorkflowBody.of(service.update(caller, workflowId, body));
    }

    @DeleteMapping("/api/v1/workflows/{workflow_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteWorkflow", summary = "Delete a workflow",
            description = "Jobs submitted with it keep their fields. Needs permission jobs:write.")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @ApiError(status = 403, when = "The key lacks jobs:write")
    void delete(Caller caller, @PathVariable("workflow_id") UUID workflowId) {
        service.delete(caller, workflowId);
    }
}
