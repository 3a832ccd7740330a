package dev.preflight.branding;

import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import tools.jackson.databind.JsonNode;

import java.util.UUID;

/** Brand profiles, their logos, the default profile and the tenant's branding defaults (spec: Branding). */
@RestController
@Tag(name = "branding")
class BrandingController {

    private static final String PROFILES = "/api/v1/tenants/{tenant_id}/brand-profiles";

    private final BrandingService service;

    BrandingController(BrandingService service) {
        this.service = service;
    }

    @GetMapping("/api/v1/tenant/branding-defaults")
    @Operation(operationId = "getBrandingDefaults", summary = "The tenant's branding defaults",
            description = "mode anonymous: outputs carry no branding at all; service: the service's own branding; "
                    + "profile: the default brand profile. A job's brand (or unbranded) wins over these.")
    BrandingBodies.Defaults defaults(Caller caller) {
        return BrandingService.body(service.defaults(caller));
    }

    @PatchMapping("/api/v1/tenant/branding-defaults")
    @Operation(operationId = "setBrandingDefaults", summary = "Set the tenant's branding defaults",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = BrandingBodies.DefaultsRequest.class))))
    @ApiError(status = 403, when = "The key lacks branding:manage")
    @ApiError(status = 404, when = "brand_profile_id is not a brand profile of this tenant")
    BrandingBodies.Defaults setDefaults(Caller caller, @RequestBody JsonNode body) {
        return BrandingService.body(service.setDefaults(caller, body));
    }

    @GetMapping(PROFILES)
    @Operation(operationId = "listBrandProfiles", summary = "List the tenant's brand profiles")
    @ApiError(status = 403, when = "tenant_id is not the caller's tenant")
    BrandingBodies.ProfileList list(Caller caller, @PathVariable("tenant_id") String tenantId) {
        return new BrandingBodies.ProfileList(service.bodies(tenantId, service.list(caller, tenantId)));
    }

    @PostMapping(PROFILES)
    @Operation(operationId = "createBrandProfile", summary = "Create a brand profile (Scale and Enterprise plans)",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = BrandingBodies.ProfileRequest.class))))
    @ApiError(status = 403, when = "tenant_id is not the caller's tenant, the key lacks branding:manage, or the plan "
            + "lacks brand profiles", planGate = true)
    BrandingBodies.Profile create(Caller caller, @PathVariable("tenant_id") String tenantId,
                                  @RequestBody JsonNode body) {
        return service.body(service.create(caller, tenantId, body));
    }

    @GetMapping(PROFILES + "/{profile_id}")
    @Operation(operationId = "getBrandProfile", summary = "Get a brand profile")
    @ApiError(status = 403, when = "tenant_id is not the caller's tenant")
    BrandingBodies.Profile get(Caller caller, @PathVariable("tenant_id") String tenantId,
                               @PathVariable("profile_id") UUID profileId) {
        return service.body(service.get(caller, tenantId, profileId.toString()));
    }

    @PutMapping(PROFILES + "/{profile_id}")
    @Operation(operationId = "updateBrandProfile", summary = "Update a brand profile",
            description = "Any subset of the fields; omitted fields keep their value, null clears. Reports already "
                    + "minted keep the branding they were minted with.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = BrandingBodies.ProfileRequest.class))))
    @ApiError(status = 403, when = "tenant_id is not the caller's tenant, or the key lacks branding:manage")
    BrandingBodies.Profile update(Caller caller, @PathVariable("tenant_id") String tenantId,
                                  @PathVariable("profile_id") UUID profileId, @RequestBody JsonNode body) {
        return service.body(service.update(caller, tenantId, profileId.toString(), body));
    }

    @DeleteMapping(PROFILES + "/{profile_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteBrandProfile", summary = "Delete a brand profile",
            description = "Past jobs and minted reports keep their rendered branding. Deleting the default profile "
                    + "clears the default (mode profile falls back to service).")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @ApiError(status = 403, when = "tenant_id is not the caller's tenant, or the key lacks branding:manage")
    void delete(Caller caller, @PathVariable("tenant_id") String tenantId,
                @PathVariable("profile_id") UUID profileId) {
        service.delete(caller, tenantId, profileId.toString());
    }

    @PostMapping(value = PROFILES + "/{profile_id}/logo", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Operation(operationId = "uploadBrandLogo", summary = "Upload a brand profile's logo (PNG, JPEG or SVG)",
            description = "PNG and JPEG are decoded and re-encoded (metadata dropped; at most "
                    + "preflight.branding.max-logo-pixels per side); SVG is sanitised (no scripts, event handlers, "
                    + "style sheets or external references). Served from {cdn_url}/cdn/logos/{tenant_id}/{file}, which "
                    + "logo_url then names.")
    @ApiError(status = 403, when = "tenant_id is not the caller's tenant, or the key lacks branding:manage")
    @ApiError(status = 413, when = "The logo is larger than preflight.branding.max-logo-bytes (default 1 MiB)")
    @ApiError(status = 422, when = "The file is not a readable PNG, JPEG or SVG image, or too many pixels")
    BrandingBodies.Profile logo(Caller caller, @PathVariable("tenant_id") String tenantId,
                                @PathVariable("profile_id") UUID profileId,
                                @RequestPart(value = "file", required = false)
                                @Schema(description = "PNG, JPEG or SVG", requiredMode = Schema.RequiredMode.REQUIRED)
                                MultipartFile file) {
        return service.body(service.uploadLogo(caller, tenantId, profileId.toString(), file));
    }

    @PatchMapping(value = "/api/v1/tenants/{tenant_id}/default-brand-profile")
    @Operation(operationId = "setDefaultBrandProfile", summary = "Set or clear the tenant's default brand profile",
            description = "A profile id makes it the default and sets the branding mode to profile (200 with the "
                    + "profile, is_default=true); null clears the default (204; mode profile falls back to service).",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = BrandingBodies.DefaultProfileRequest.class))))
    @ApiResponse(responseCode = "200", description = "The new default profile",
            content = @Content(schema = @Schema(implementation = BrandingBodies.Profile.class)))
    @ApiResponse(responseCode = "204", description = "Default cleared", content = @Content)
    @ApiError(status = 403, when = "tenant_id is not the caller's tenant, or the key lacks branding:manage")
    ResponseEntity<BrandingBodies.Profile> setDefault(Caller caller, @PathVariable("tenant_id") String tenantId,
                                                      @RequestBody JsonNode body) {
        return service.setDefaultProfile(caller, tenantId, body).map(p -> ResponseEntity.ok(service.body(p)))
                .orElseGet(() -> ResponseEntity.noContent().build());
    }
}
