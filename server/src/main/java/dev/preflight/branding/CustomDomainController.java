package dev.preflight.branding;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.UUID;

/**
 * Custom report and app domains (spec: Custom domains, Domain claim). Claims and verification need the Scale or
 * Enterprise plan; reading a claim works on every plan ({@code plan_allows_whitelabel} tells the dashboard whether
 * to offer it).
 */
@RestController
@Tag(name = "custom-domains")
class CustomDomainController {

    private final CustomDomainService service;
    private final BrandingService branding;

    CustomDomainController(CustomDomainService service, BrandingService branding) {
        this.service = service;
        this.branding = branding;
    }

    @Schema(name = "DomainClaim")
    record Claim(@Schema(format = "uuid") String tenantId,
                 @Schema(description = "the claimed hostname; null when none is claimed") @Nullable String domain,
                 @Schema(description = "true once the CNAME was verified (POST .../verify) or an operator forced it")
                 boolean verified,
                 @Schema(description = "when the current domain was claimed; null when none is") @Nullable Instant requestedAt,
                 boolean planAllowsWhitelabel,
                 @JsonInclude(JsonInclude.Include.NON_NULL)
                 @Schema(description = "report domains only: the host the CNAME must point at ({edge_host})")
                 @Nullable String dnsTarget) {
        static Claim of(CustomDomainService.View v) {
            return new Claim(v.tenantId(), v.domain(), v.verified(), v.requestedAt(), v.planAllowsWhitelabel(),
                    v.dnsTarget());
        }
    }

    @Schema(name = "DomainClaimRequest")
    record ClaimRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, maxLength = 253,
            description = "a hostname such as reports.example.com, or null to clear the claim") @Nullable String domain) {
    }

    private static final String PLAN_403 = "tenant_id is not the caller's tenant, the key lacks branding:manage, or "
            + "the plan lacks custom domains (Scale and Enterprise)";

    @GetMapping("/api/v1/tenants/{tenant_id}/custom-domain")
    @Operation(operationId = "getCustomDomain", summary = "The tenant's custom report domain claim")
    @ApiError(status = 403, when = "tenant_id is not the caller's tenant")
    Claim get(Caller caller, @PathVariable("tenant_id") String tenantId, HttpServletRequest request) {
        return Claim.of(service.get(caller, tenantId, CustomDomainService.REPORT, request.getServerName()));
    }

    @PatchMapping("/api/v1/tenants/{tenant_id}/custom-domain")
    @Operation(operationId = "setCustomDomain", summary = "Claim, change or clear the custom report domain",
            description = "A new hostname resets verified to false; null clears the claim. Point a CNAME record at "
                    + "dns_target, then POST .../custom-domain/verify.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = ClaimRequest.class))))
    @ApiError(status = 403, when = PLAN_403, planGate = true)
    @ApiError(status = 409, when = "The hostname is already claimed (by any tenant)")
    Claim set(Caller caller, @PathVariable("tenant_id") String tenantId, @RequestBody JsonNode body,
              HttpServletRequest request) {
        return Claim.of(service.patch(caller, tenantId, CustomDomainService.REPORT, body, request.getServerName()));
    }

    @PostMapping("/api/v1/tenants/{tenant_id}/custom-domain/verify")
    @Operation(operationId = "verifyCustomDomain", summary = "Verify the report domain's CNAME record",
            description = "Looks up the hostname's CNAME records in DNS (following up to 8 aliases) and marks the "
                    + "claim verified when they lead to dns_target. Requests arriving on a verified report domain "
                    + "serve only this tenant's report links.")
    @ApiError(status = 403, when = PLAN_403, planGate = true)
    @ApiError(status = 404, when = "No domain is claimed")
    @ApiError(status = 422, when = "DNS has no CNAME record for the hostname, or it does not lead to dns_target")
    @ApiError(status = 503, when = "DNS could not be asked (timeout or server failure); try again later")
    Claim verify(Caller caller, @PathVariable("tenant_id") String tenantId, HttpServletRequest request) {
        return Claim.of(service.verify(caller, tenantId, CustomDomainService.REPORT, null, request.getServerName()));
    }

    @GetMapping("/api/v1/tenants/{tenant_id}/app-custom-domain")
    @Operation(operationId = "getAppCustomDomain", summary = "The tenant's custom app (dashboard and viewer) domain claim")
    @ApiError(status = 403, when = "tenant_id is not the caller's tenant")
    Claim getApp(Caller caller, @PathVariable("tenant_id") String tenantId, HttpServletRequest request) {
        return Claim.of(service.get(caller, tenantId, CustomDomainService.APP, request.getServerName()));
    }

    @PatchMapping("/api/v1/tenants/{tenant_id}/app-custom-domain")
    @Operation(operationId = "setAppCustomDomain", summary = "Claim, change or clear the custom app domain",
            description = "Separate from the report domain. A new hostname resets verified to false; null clears.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = ClaimRequest.class))))
    @ApiError(status = 403, when = PLAN_403, planGate = true)
    @ApiError(status = 409, when = "The hostname is already claimed (by any tenant)")
    Claim setApp(Caller caller, @PathVariable("tenant_id") String tenantId, @RequestBody JsonNode body,
                 HttpServletRequest request) {
        return Claim.of(service.patch(caller, tenantId, CustomDomainService.APP, body, request.getServerName()));
    }

    @PostMapping("/api/v1/tenants/{tenant_id}/app-custom-domain/verify")
    @Operation(operationId = "verifyAppCustomDomain", summary = "Verify the app domain's CNAME record",
            description = "As for the report domain: the CNAME must lead to the edge host.")
    @ApiError(status = 403, when = PLAN_403, planGate = true)
    @ApiError(status = 404, when = "No domain is claimed")
    @ApiError(status = 422, when = "DNS has no CNAME record for the hostname, or it does not lead to the edge host")
    @ApiError(status = 503, when = "DNS could not be asked (timeout or server failure); try again later")
    Claim verifyApp(Caller caller, @PathVariable("tenant_id") String tenantId, HttpServletRequest request) {
        return Claim.of(service.verify(caller, tenantId, CustomDomainService.APP, null, request.getServerName()));
    }

    @PatchMapping("/api/v1/tenants/{tenant_id}/brand-profiles/{profile_id}/custom-domain")
    @Operation(operationId = "setBrandProfileCustomDomain", summary = "Claim, change or clear a brand profile's report domain",
            description = "Reports minted with this profile link to its verified domain. A new hostname resets "
                    + "custom_domain_verified to false; null clears.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = ClaimRequest.class))))
    @ApiError(status = 403, when = PLAN_403, planGate = true)
    @ApiError(status = 409, when = "The hostname is already claimed (by any tenant)")
    BrandingBodies.Profile setProfile(Caller caller, @PathVariable("tenant_id") String tenantId,
                                      @PathVariable("profile_id") UUID profileId, @RequestBody JsonNode body,
                                      HttpServletRequest request) {
        service.patchProfile(caller, tenantId, profileId.toString(), body, request.getServerName());
        return branding.body(branding.get(caller, tenantId, profileId.toString()));
    }

    @PostMapping("/api/v1/tenants/{tenant_id}/brand-profiles/{profile_id}/custom-domain/verify")
    @Operation(operationId = "verifyBrandProfileCustomDomain", summary = "Verify a brand profile domain's CNAME record")
    @ApiError(status = 403, when = PLAN_403, planGate = true)
    @ApiError(status = 404, when = "Unknown profile, or no domain is claimed for it")
    @ApiError(status = 422, when = "DNS has no CNAME record for the hostname, or it does not lead to the edge host")
    @ApiError(status = 503, when = "DNS could not be asked (timeout or server failure); try again later")
    BrandingBodies.Profile verifyProfile(Caller caller, @PathVariable("tenant_id") String tenantId,
                                         @PathVariable("profile_id") UUID profileId, HttpServletRequest request) {
        service.verify(caller, tenantId, CustomDomainService.PROFILE, profileId.toString(), request.getServerName());
        return branding.body(branding.get(caller, tenantId, profileId.toString()));
    }
}
