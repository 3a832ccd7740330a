package dev.preflight.billing;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.PatchBody;
import dev.preflight.tenancy.TenancyService;
import dev.preflight.tenancy.Tenant;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Operator routes for a tenant's billing terms: custom contracts on top of the plan's defaults. */
@RestController
@Tag(name = "admin", description = "Operator routes; bearer = PREFLIGHT_ADMIN_TOKEN")
@SecurityRequirement(name = "admin")
@ApiError(status = 401, when = "Missing or invalid admin token (or the admin API is disabled)")
class BillingAdminController {

    static final List<String> FIELDS = List.of("included_files", "overage_enabled", "overage_rate_cents",
            "ai_monthly_cap_cents", "requests_per_minute");

    private final TenancyService tenancy;
    private final BillingService billing;
    private final BillingRepository repository;

    BillingAdminController(TenancyService tenancy, BillingService billing, BillingRepository repository) {
        this.tenancy = tenancy;
        this.billing = billing;
        this.repository = repository;
    }

    /** The body of PATCH: every field optional; a value sets the tenant's own term, null returns it to the plan's. */
    @Schema(name = "TenantBillingPatch", description = "Each field: omitted = unchanged, a value = this tenant's own "
            + "term, null = back to the plan's default.")
    record BillingPatch(@Schema(minimum = "0", maximum = "100000000", types = {"integer", "null"}) Integer includedFiles,
                        @Schema(types = {"boolean", "null"}) Boolean overageEnabled,
                        @Schema(minimum = "0", maximum = "100000", types = {"integer", "null"}) Integer overageRateCents,
                        @Schema(minimum = "0", maximum = "100000000", types = {"integer", "null"}) Long aiMonthlyCapCents,
                        @Schema(minimum = "1", maximum = "1000000", types = {"integer", "null"}) Integer requestsPerMinute) {
    }

    @Schema(name = "TenantBilling", description = "A tenant's billing terms and its usage in the current cycle")
    record TenantBilling(@Schema(format = "uuid") String tenantId,
                         @Schema(allowableValues = {"viewer", "starter", "growth", "scale", "enterprise"}) String plan,
                         @Schema(description = "first instant of the current cycle (a calendar month, UTC unless configured)")
                         Instant cycleStart,
                         @Schema(description = "first instant of the next cycle") Instant cycleEnd,
                         @Schema(minimum = "0") int includedFiles,
                         @Schema(minimum = "0") int filesUsed,
                         @Schema(minimum = "0") int filesRemaining,
                         boolean overageEnabled,
                         @Schema(minimum = "0") int overageRateCents,
                         @Schema(minimum = "0") int overageFiles,
                         @Schema(minimum = "0") long overageCostCents,
                         @Schema(minimum = "0") long aiMonthlyCapCents,
                         @Schema(minimum = "0") long aiUsedCents,
                         @Schema(minimum = "1") int requestsPerMinute,
                         @Schema(description = "the terms set for this tenant; the others follow the plan")
                         List<String> customTerms,
                         @Nullable Instant updatedAt) {
    }

    @GetMapping("/admin/tenants/{id}/billing")
    @Operation(operationId = "getTenantBilling", summary = "A tenant's billing terms and current usage")
    TenantBilling get(@RequestHeader(value = "Authorization", required = false) String auth, @PathVariable UUID id) {
        tenancy.requireAdmin(auth);
        return view(tenancy.tenant(id.toString()));
    }

    @PatchMapping("/admin/tenants/{id}/billing")
    @Operation(operationId = "setTenantBilling", summary = "Set a tenant's billing terms (custom contract)",
            description = "Overrides the plan's terms for one tenant: included files per cycle, overage on/off and "
                    + "its per-file rate, the monthly AI cost cap, API requests per minute. Omitted fields stay as "
                    + "they are; null returns a term to the plan's default. Takes effect on the next request; usage "
                    + "already counted this cycle stays.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(mediaType = "application/json",
                            schema = @Schema(implementation = BillingPatch.class))))
    TenantBilling patch(@RequestHeader(value = "Authorization", required = false) String auth, @PathVariable UUID id,
                        @RequestBody JsonNode body) {
        tenancy.requireAdmin(auth);
        Tenant tenant = tenancy.tenant(id.toString());
        var patch = PatchBody.of(body, FIELDS);
        var current = repository.overrides(tenant.id());
        Integer included = patch.integer("included_files", 0, 100_000_000);
        Boolean overage = patch.bool("overage_enabled");
        Integer rate = patch.integer("overage_rate_cents", 0, 100_000);
        Integer cap = patch.integer("ai_monthly_cap_cents", 0, 100_000_000);
        Integer rpm = patch.integer("requests_per_minute", 1, 1_000_000);
        patch.throwIfInvalid();
        var next = new BillingRepository.Overrides(
                patch.has("included_files") ? included : current.includedFiles(),
                patch.has("overage_enabled") ? overage : current.overageEnabled(),
                patch.has("overage_rate_cents") ? rate : current.overageRateCents(),
                patch.has("ai_monthly_cap_cents") ? (cap == null ? null : cap.longValue()) : current.aiMonthlyCapCents(),
                patch.has("requests_per_minute") ? rpm : current.requestsPerMinute());
        repository.saveOverrides(tenant.id(), next);
        billing.forget(tenant.id());
        return view(tenant);
    }

    private TenantBilling view(Tenant tenant) {
        var overrides = repository.overrides(tenant.id());
        BillingTerms terms = billing.terms(tenant.id(), tenant.plan());
        BillingCycle cycle = billing.cycle(Instant.now());
        var usage = repository.usage(tenant.id(), cycle.key());
        var custom = new ArrayList<String>();
        if (overrides.includedFiles() != null) {
            custom.add("included_files");
        }
        if (overrides.overageEnabled() != null) {
            custom.add("overage_enabled");
        }
        if (overrides.overageRateCents() != null) {
            custom.add("overage_rate_cents");
        }
        if (overrides.aiMonthlyCapCents() != null) {
            custom.add("ai_monthly_cap_cents");
        }
        if (overrides.requestsPerMinute() != null) {
            custom.add("requests_per_minute");
        }
        int used = usage.filesUsed();
        return new TenantBilling(tenant.id(), tenant.plan().wire(), cycle.start(), cycle.end(), terms.includedFiles(),
                used, Math.max(0, terms.includedFiles() - used), terms.overageEnabled(), terms.overageRateCents(),
                Math.max(0, used - terms.includedFiles()), usage.overageCostCents(), terms.aiMonthlyCapCents(),
                (usage.aiUsedMillicents() + 999) / 1000, terms.requestsPerMinute(), custom,
                repository.overridesUpdatedAt(tenant.id()).map(java.time.OffsetDateTime::toInstant).orElse(null));
    }
}
