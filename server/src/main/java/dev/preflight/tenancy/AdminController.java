package dev.preflight.tenancy;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.Validator;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** Operator routes guarded by PREFLIGHT_ADMIN_TOKEN: tenants, their keys and plans. */
@RestController
@Tag(name = "admin", description = "Operator routes; bearer = PREFLIGHT_ADMIN_TOKEN")
@SecurityRequirement(name = "admin")
@ApiError(status = 401, when = "Missing or invalid admin token (or the admin API is disabled)")
class AdminController {

    private final TenancyService tenancy;
    private final ApiKeyService keys;

    AdminController(TenancyService tenancy, ApiKeyService keys) {
        this.tenancy = tenancy;
        this.keys = keys;
    }

    record CreateTenantRequest(@Schema(description = "1-255 characters", requiredMode = Schema.RequiredMode.REQUIRED) String name,
                               @Schema(description = "viewer, starter, growth, scale or enterprise",
                                       requiredMode = Schema.RequiredMode.REQUIRED) String plan) {
    }

    @Schema(name = "Tenant")
    record TenantResponse(@Schema(format = "uuid") String id, String name,
                          @Schema(allowableValues = {"viewer", "starter", "growth", "scale", "enterprise"}) String plan,
                          Instant createdAt) {
        static TenantResponse of(Tenant t) {
            return new TenantResponse(t.id(), t.name(), t.plan().wire(), t.createdAt());
        }
    }

    record IssueKeyRequest(@Schema(description = "live (svc_live_...) or test (svc_test_...)",
                                   requiredMode = Schema.RequiredMode.REQUIRED) String mode,
                           // Nullable, not just optional: [] is a key without permissions, so a generated client must
                           // be able to leave the field out (its containers default to null only when nullable).
                           @Schema(description = "permissions the key carries; omitted or null = all (jobs:write, "
                                   + "profiles:manage, branding:manage, webhooks:manage, keys:manage); [] = none")
                           @Nullable List<String> permissions,
                           @Schema(description = "what the key is for, 1-100 characters; shown in the tenant's key "
                                   + "list") @Nullable String name) {
    }

    record PlanRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED) String plan) {
    }

    @Schema(name = "TenantPlanChange")
    record PlanResponse(@Schema(format = "uuid") String id, String name,
                        @Schema(allowableValues = {"viewer", "starter", "growth", "scale", "enterprise"}) String plan,
                        @Schema(allowableValues = {"viewer", "starter", "growth", "scale", "enterprise"}) String previousPlan,
                        Instant createdAt) {
    }

    @PostMapping("/admin/tenants")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "createTenant", summary = "Create a tenant")
    @ApiResponse(responseCode = "201", description = "Created")
    TenantResponse createTenant(@RequestHeader(value = "Authorization", required = false) String auth,
                                @RequestBody CreateTenantRequest body) {
        tenancy.requireAdmin(auth);
        var v = Validator.body();
        if (v.required("name", body.name())) {
            v.length("name", body.name(), 1, 255);
        }
        if (v.required("plan", body.plan())) {
            v.oneOf("plan", body.plan(), planNames());
        }
        v.throwIfInvalid();
        return TenantResponse.of(tenancy.createTenant(body.name(), Plan.parse(body.plan())));
    }

    @PostMapping("/admin/tenants/{id}/api-keys")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "issueApiKey", summary = "Issue an API key (svc_live_ / svc_test_); the key is shown once")
    @ApiResponse(responseCode = "201", description = "Created")
    ApiKeyBodies.Issued issueKey(@RequestHeader(value = "Authorization", required = false) String auth,
                                 @PathVariable UUID id, @RequestBody IssueKeyRequest body) {
        tenancy.requireAdmin(auth);
        var v = Validator.body();
        String name = body.name() == null ? null : body.name().strip();
        v.length("name", name, 1, 100);
        if (v.required("mode", body.mode())) {
            v.oneOf("mode", body.mode(), List.of("live", "test"));
        }
        if (body.permissions() != null) {
            for (String p : body.permissions()) {
                v.oneOf("permissions", p, Permission.ALL);
            }
        }
        v.throwIfInvalid();
        return ApiKeyBodies.Issued.of(keys.issueForTenant(id.toString(), name, body.mode(), body.permissions()));
    }

    @DeleteMapping("/admin/tenants/{id}/api-keys/{key_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "revokeApiKey", summary = "Revoke an API key")
    @ApiResponse(responseCode = "204", description = "Revoked")
    void revokeKey(@RequestHeader(value = "Authorization", required = false) String auth,
                   @PathVariable UUID id, @PathVariable("key_id") UUID keyId) {
        tenancy.requireAdmin(auth);
        keys.revokeForTenant(id.toString(), keyId.toString());
    }

    @PatchMapping("/admin/tenants/{id}/plan")
    @Operation(operationId = "changeTenantPlan", summary = "Change a tenant's plan", description = "Body {plan}. Answers the tenant with its previous plan. A new value emits the tenant.plan.changed event.")
    PlanResponse changePlan(@RequestHeader(value = "Authorization", required = false) String auth,
                            @PathVariable UUID id, @RequestBody PlanRequest body) {
        tenancy.requireAdmin(auth);
        var v = Validator.body();
        if (v.required("plan", body.plan())) {
            v.oneOf("plan", body.plan(), planNames());
        }
        v.throwIfInvalid();
        Plan previous = tenancy.changePlan(id.toString(), Plan.parse(body.plan()));
        Tenant t = tenancy.tenant(id.toString());
        return new PlanResponse(t.id(), t.name(), t.plan().wire(), previous.wire(), t.createdAt());
    }

    private static List<String> planNames() {
        return Arrays.stream(Plan.values()).map(Plan::wire).toList();
    }
}
