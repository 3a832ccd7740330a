package dev.preflight.tenancy;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Published, in the transaction of the change, when an operator sets a tenant's plan to a new value
 * ({@code PATCH /admin/tenants/{id}/plan}); delivered to webhooks as {@code tenant.plan.changed}.
 */
public record TenantPlanChanged(String tenantId, Plan previousPlan, Plan newPlan) implements IntegrationEvent {

    @Override
    public String eventType() {
        return "tenant.plan.changed";
    }

    @Override
    public Payload payload() {
        return new Payload(previousPlan.wire(), newPlan.wire());
    }

    /** The fields of {@code tenant.plan.changed} (spec: Events, payloads). */
    @Schema(name = "TenantPlanChangedEvent")
    public record Payload(
            @Schema(allowableValues = {"viewer", "starter", "growth", "scale", "enterprise"}) String previousPlan,
            @Schema(allowableValues = {"viewer", "starter", "growth", "scale", "enterprise"}) String newPlan) {
    }
}
