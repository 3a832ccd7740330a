package dev.preflight.analysis;

import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.platform.ErrorBodies;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Map;

/** Preflight profiles: the built-in ones and the tenant's own. */
@RestController
@Tag(name = "profiles")
@SecurityRequirement(name = "bearer")
@ApiResponse(responseCode = "401", description = "Missing or invalid bearer token",
        content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
class ProfilesController {

    private final ProfileService profiles;
    private final TenancyService tenancy;

    ProfilesController(ProfileService profiles, TenancyService tenancy) {
        this.profiles = profiles;
        this.tenancy = tenancy;
    }

    @Schema(name = "ProfileSummaryResponse")
    record ProfileSummary(String profileId, String name, String description,
                          @Schema(description = "GWG2022, GWG2015, PDF/X-4, ... or null") String standard,
                          @Schema(description = "true for service-shipped profiles, false for tenant-owned") boolean isBuiltin,
                          int checkCount) {
    }

    @Schema(name = "ProfileList")
    record ProfileList(List<ProfileSummary> profiles) {
    }

    @Schema(name = "ProfileCheck")
    record CheckBody(String inspectionId, String name, String category,
                     @Schema(description = "severity under this profile") String severity,
                     @Schema(description = "parameter values under this profile (defaults filled in)") Map<String, Object> params,
                     String isoClause) {
    }

    @Schema(name = "ProfileResponse")
    record ProfileBody(String profileId, String name, String description, String standard, boolean isBuiltin,
                       List<CheckBody> checks) {
    }

    @Schema(name = "ProfileCreateRequest")
    record CreateRequest(@Schema(description = "2-128 of a-z 0-9 . _ -", requiredMode = Schema.RequiredMode.REQUIRED) String profileId,
                         @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String name,
                         String description,
                         @Schema(description = "start from this profile's checks; entries in checks then override or add (enabled=false removes)")
                         String baseProfileId,
                         List<CheckEntryBody> checks) {
    }

    @Schema(name = "ProfileCheckEntry")
    record CheckEntryBody(@Schema(requiredMode = Schema.RequiredMode.REQUIRED) String inspectionId,
                          @Schema(allowableValues = {"error", "warning", "advisory", "info"}) String severity,
                          @Schema(description = "typed parameters, validated against the check's declared types and ranges")
                          Map<String, Object> params,
                          String isoClause,
                          @Schema(description = "false removes a check inherited from base_profile_id") Boolean enabled) {
    }

    @GetMapping("/api/v1/profiles")
    @Operation(summary = "List the built-in and the tenant's own profiles")
    ProfileList list(@Parameter(hidden = true) Caller caller) {
        return new ProfileList(profiles.list(caller.tenantId()).stream()
                .map(p -> new ProfileSummary(p.id(), p.name(), p.description(), p.standard(), p.builtin(),
                        p.checks().size()))
                .toList());
    }

    @GetMapping("/api/v1/profiles/{profile_id}")
    @Operation(summary = "Get a profile with its checks, severities and parameters")
    @ApiResponse(responseCode = "404", description = "Unknown profile (or another tenant's)",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    ProfileBody get(@Parameter(hidden = true) Caller caller, @PathVariable("profile_id") String profileId) {
        return body(profiles.require(caller.tenantId(), profileId));
    }

    @PostMapping("/api/v1/profiles")
    @Operation(summary = "Register a tenant-owned profile", description = "Usable at submit with profile_id. Needs "
            + "permission profiles:manage and a plan above Viewer.")
    @ApiResponse(responseCode = "403", description = "Key lacks profiles:manage, or plan_upgrade_required",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    @ApiResponse(responseCode = "409", description = "A profile with this id exists",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    @ApiResponse(responseCode = "422", description = "Invalid profile (unknown check, bad parameter type or range)",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Validation.class)))
    ProfileBody create(@Parameter(hidden = true) Caller caller, @RequestBody CreateRequest body) {
        caller.require(Permission.PROFILES);
        if (!tenancy.allows(caller.plan(), "custom_profiles")) {
            throw new PlanUpgradeRequiredException("Tenant-owned profiles need the Starter plan or above.");
        }
        List<ProfileService.CheckEntry> entries = body.checks() == null ? null : body.checks().stream()
                .map(c -> c == null ? null : new ProfileService.CheckEntry(c.inspectionId(), c.severity(), c.params(),
                        c.isoClause(), c.enabled()))
                .toList();
        return body(profiles.create(caller.tenantId(), body.profileId(), body.name(), body.description(),
                body.baseProfileId(), entries));
    }

    private static ProfileBody body(Profile p) {
        CheckCatalog catalog = CheckCatalog.builtin();
        var checks = p.checks().stream().map(c -> checkBody(catalog, c)).toList();
        return new ProfileBody(p.id(), p.name(), p.description(), p.standard(), p.builtin(), checks);
    }

    private static CheckBody checkBody(CheckCatalog catalog, ProfileCheck c) {
        CheckInfo info = catalog.info(c.checkId());
        var params = new java.util.LinkedHashMap<String, Object>();
        if (info != null) {
            info.parameters().forEach(ps -> params.put(ps.name(),
                    c.params().containsKey(ps.name()) ? c.params().get(ps.name()) : ps.defaultValue()));
        }
        var severity = c.severity() != null ? c.severity() : info == null ? null : info.defaultSeverity();
        return new CheckBody(c.checkId(), info == null ? null : info.name(), info == null ? null : info.category(),
                severity == null ? null : severity.wire(), params, c.isoClause());
    }
}
