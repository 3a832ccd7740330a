package dev.preflight.analysis;

import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.platform.ApiError;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
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
class ProfilesController {

    private final ProfileService profiles;
    private final TenancyService tenancy;

    ProfilesController(ProfileService profiles, TenancyService tenancy) {
        this.profiles = profiles;
        this.tenancy = tenancy;
    }

    @Schema(name = "ProfileSummaryResponse")
    record ProfileSummary(String profileId, String name, @Nullable String description,
                          @Schema(description = "GWG2022, GWG2015, PDF/X-4, ... or null") @Nullable String standard,
                          @Schema(description = "true for service-shipped profiles, false for tenant-owned") boolean isBuiltin,
                          int checkCount) {
    }

    @Schema(name = "ProfileList")
    record ProfileList(List<ProfileSummary> profiles) {
    }

    @Schema(name = "ProfileCheck")
    record CheckBody(String inspectionId, @Nullable String name, @Nullable String category,
                     @Schema(description = "severity under this profile",
                             allowableValues = {"error", "warning", "advisory", "info"}) @Nullable String severity,
                     @Schema(description = "parameter values under this profile (defaults filled in)") Map<String, Object> params,
                     @Nullable String isoClause) {
    }

    @Schema(name = "ProfileResponse")
    record ProfileBody(String profileId, String name, @Nullable String description, @Nullable String standard,
                       boolean isBuiltin, List<CheckBody> checks) {
    }

    @Schema(name = "ProfileCreateRequest")
    record CreateRequest(@Schema(description = "1-100 letters, digits, '.', '-' or '_', starting with a letter or digit",
                                 requiredMode = Schema.RequiredMode.REQUIRED, pattern = "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
                         String profileId,
                         @Schema(requiredMode = Schema.RequiredMode.REQUIRED, maxLength = 255) String name,
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
    @Operation(operationId = "listProfiles", summary = "List the built-in and the tenant's own profiles")
    ProfileList list(Caller caller) {
        return new ProfileList(profiles.list(caller.tenantId()).stream()
                .map(p -> new ProfileSummary(p.id(), p.name(), p.description(), p.standard(), p.builtin(),
                        p.checks().size()))
                .toList());
    }

    @GetMapping("/api/v1/profiles/{profile_id}")
    @Operation(operationId = "getProfile", summary = "Get a profile with its checks, severities and parameters")
    ProfileBody get(Caller caller, @PathVariable("profile_id") String profileId) {
        return body(profiles.require(caller.tenantId(), profileId));
    }

    @PostMapping("/api/v1/profiles")
    @Operation(operationId = "createProfile", summary = "Register a tenant-owned profile", description = "Usable at submit with profile_id. Needs "
            + "permission profiles:manage and a plan above Viewer.")
    @ApiError(status = 403, when = "Key lacks profiles:manage, or the plan has no tenant profiles", planGate = true)
    @ApiError(status = 409, when = "A profile with this id exists")
    ProfileBody create(Caller caller, @RequestBody CreateRequest body) {
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
