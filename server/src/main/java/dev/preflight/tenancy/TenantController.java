package dev.preflight.tenancy;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;

/**
 * GET /api/v1/tenant: who the request is resolved to. Clients (the web app's sign-in) call it first: 200 names the
 * tenant and says whether a key is in use; 401 means this server wants a bearer key.
 */
@RestController
@Tag(name = "tenancy")
class TenantController {

    @Schema(name = "CurrentTenant", description = "The calling tenant and how the request was authenticated")
    record CurrentTenant(@Schema(format = "uuid") String tenantId,
                         String name,
                         @Schema(allowableValues = {"viewer", "starter", "growth", "scale", "enterprise"}) String plan,
                         @Schema(allowableValues = {"none", "api-key"},
                                 description = "none: no key is needed and every request is this built-in tenant; "
                                         + "api-key: every request carries a bearer key")
                         String authMode,
                         @Schema(description = "what the caller may do (jobs:write, profiles:manage, branding:manage, "
                                 + "webhooks:manage, keys:manage)")
                         List<String> permissions,
                         @Schema(description = "the key of this request; null in auth mode none")
                         @Nullable CurrentKey key) {
    }

    @Schema(name = "CurrentKey", description = "An API key as listed: never the secret")
    record CurrentKey(@Schema(format = "uuid") String id,
                      @Schema(description = "the first characters of the key, e.g. svc_live_AbC123") String prefix,
                      @Schema(allowableValues = {"live", "test"}) String mode,
                      Instant createdAt) {
    }

    private final TenancyService tenancy;

    TenantController(TenancyService tenancy) {
        this.tenancy = tenancy;
    }

    @GetMapping("/api/v1/tenant")
    @Operation(operationId = "getCurrentTenant", summary = "The calling tenant, its plan and the key in use",
            description = "Answers 401 when the server runs in api-key mode and no valid key is sent, so a client can "
                    + "tell whether it must ask for a key.")
    CurrentTenant current(Caller caller) {
        Tenant t = tenancy.tenant(caller.tenantId());
        CurrentKey key = tenancy.key(caller)
                .map(k -> new CurrentKey(k.id(), k.prefix(), k.mode(), k.createdAt()))
                .orElse(null);
        return new CurrentTenant(t.id(), t.name(), t.plan().wire(), tenancy.authMode(),
                caller.permissions().stream().sorted().toList(), key);
    }
}
