package dev.preflight.intake;

import dev.preflight.jobs.JobService;
import dev.preflight.jobs.JobSubmission;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Vanity submission endpoints (Growth plan and above): CRUD and the submit through one. The endpoint binds the
 * profile; its brand and default BrandSpec apply unless the submission names its own (spec: job brand_spec_id, then
 * the endpoint's default_brand_spec_id, then the tenant default).
 */
@Service
class VanityEndpointService {

    static final Pattern SLUG = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    static final List<String> MODES = List.of("async", "sync");
    static final Set<String> EDITABLE = Set.of("slug", "profile_id", "description", "is_active", "response_mode",
            "default_brand_spec_id", "brand");

    /** The fields of an endpoint as a client sends them. */
    record Fields(String slug, String profileId, String description, Boolean active, String responseMode,
                  String defaultBrandSpecId, String brand) {
    }

    private final VanityEndpointRepository repository;
    private final PinnedFields pinned;
    private final TenancyService tenancy;
    private final JobService jobs;

    VanityEndpointService(VanityEndpointRepository repository, PinnedFields pinned, TenancyService tenancy,
                          JobService jobs) {
        this.repository = repository;
        this.pinned = pinned;
        this.tenancy = tenancy;
        this.jobs = jobs;
    }

    List<VanityEndpoint> list(Caller caller) {
        requirePlan(caller);
        return repository.list(caller.tenantId());
    }

    VanityEndpoint get(Caller caller, String slug) {
        requirePlan(caller);
        return find(caller, slug);
    }

    @Transactional
    VanityEndpoint create(Caller caller, Fields fields) {
        requirePlan(caller);
        caller.require(Permission.JOBS);
        Fields f = validated(caller.tenantId(), fields, Validator.body(), null);
        requireFreeSlug(caller.tenantId(), f.slug());
        Instant now = Times.now();
        var e = new VanityEndpoint(UUID.randomUUID().toString(), caller.tenantId(), f.slug(), f.profileId(),
                f.description(), f.active(), f.responseMode(), f.defaultBrandSpecId(), f.brand(), now, now);
        try {
            repository.insert(e);
        } catch (DuplicateKeyException race) {
            throw slugTaken(f.slug());
        }
        return e;
    }

    /**
     * Applies the fields the body names and leaves the others. {@code default_brand_spec_id} is cleared by JSON
     * {@code null} or by the literal string {@code "null"}; {@code description} and {@code brand} by null.
     */
    @Transactional
    VanityEndpoint update(Caller caller, String slug, Map<String, Object> body) {
        requirePlan(caller);
        caller.require(Permission.JOBS);
        VanityEndpoint e = find(caller, slug);
        var v = Validator.body();
        var patch = new PatchBody(body, EDITABLE, v);
        String spec = patch.has("default_brand_spec_id") ? patch.string("default_brand_spec_id")
                : e.defaultBrandSpecId();
        if ("null".equals(spec)) {
            spec = null;
        }
        Boolean active = e.active();
        if (patch.has("is_active")) {
            active = nonNull(v, patch, "is_active", patch.bool("is_active"));
        }
        String mode = e.responseMode();
        if (patch.has("response_mode")) {
            mode = nonNull(v, patch, "response_mode", patch.string("response_mode"));
        }
        var f = new Fields(
                patch.has("slug") ? patch.string("slug") : e.slug(),
                patch.has("profile_id") ? patch.string("profile_id") : e.profileId(),
                patch.has("description") ? patch.string("description") : e.description(),
                active, mode, spec,
                patch.has("brand") ? patch.string("brand") : e.brand());
        f = validated(caller.tenantId(), f, v, e);
        if (!f.slug().equals(e.slug())) {
            requireFreeSlug(caller.tenantId(), f.slug());
        }
        var updated = new VanityEndpoint(e.id(), e.tenantId(), f.slug(), f.profileId(), f.description(), f.active(),
                f.responseMode(), f.defaultBrandSpecId(), f.brand(), e.createdAt(), Times.now());
        try {
            repository.update(updated);
        } catch (DuplicateKeyException race) {
            throw slugTaken(f.slug());
        }
        return updated;
    }

    @Transactional
    void delete(Caller caller, String slug) {
        requirePlan(caller);
        caller.require(Permission.JOBS);
        repository.delete(caller.tenantId(), find(caller, slug).id());
    }

    /** An active endpoint of the tenant; 404 for an unknown or inactive slug. */
    VanityEndpoint activeEndpoint(Caller caller, String slug) {
        requirePlan(caller);
        VanityEndpoint e = repository.findBySlug(caller.tenantId(), slug).filter(VanityEndpoint::active)
                .orElseThrow(() -> new NotFoundException("No active vanity endpoint '" + slug + "'."));
        return e;
    }

    /** Submits through the endpoint: its profile is bound, its brand and BrandSpec fill what the caller omits. */
    JobService.SubmittedJob submit(Caller caller, VanityEndpoint e, JobSubmission s) {
        String profile = PinnedFields.blankToNull(s.profileId());
        if (profile != null && !profile.equals(e.profileId())) {
            Validator.body().add("profile_id", "This endpoint is bound to profile '" + e.profileId()
                    + "'; omit profile_id or send that one", "value_error").throwIfInvalid();
        }
        boolean brandChosen = PinnedFields.blankToNull(s.brand()) != null
                || PinnedFields.blankToNull(s.unbranded()) != null;
        String brandSpec = PinnedFields.blankToNull(s.brandSpecId());
        return jobs.submitCharged(caller, new JobSubmission(s.file(), e.profileId(), s.preflightSource(), s.externalFormat(),
                s.externalReport(), s.mappingId(), s.jdfFile(), s.aiEnabled(), s.aiCategories(), s.aiFeatures(),
                s.aiPreset(), brandChosen ? s.brand() : e.brand(), s.unbranded(),
                brandSpec != null ? brandSpec : e.defaultBrandSpecId()));
    }

    private VanityEndpoint find(Caller caller, String slug) {
        return repository.findBySlug(caller.tenantId(), slug)
                .orElseThrow(() -> new NotFoundException("Vanity endpoint '" + slug + "' not found."));
    }

    private void requirePlan(Caller caller) {
        if (!tenancy.allows(caller.plan(), "vanity_endpoints")) {
            throw new PlanUpgradeRequiredException("Vanity endpoints need the Growth plan or above.");
        }
    }

    private void requireFreeSlug(String tenantId, String slug) {
        if (repository.findBySlug(tenantId, slug).isPresent()) {
            throw slugTaken(slug);
        }
    }

    private static ConflictException slugTaken(String slug) {
        return new ConflictException("This tenant already has a vanity endpoint '" + slug + "'.");
    }

    /** A field that may be changed but not cleared: an explicit null is refused (a wrong type is already recorded). */
    private static <T> T nonNull(Validator v, PatchBody patch, String field, T value) {
        if (value == null && patch.isNull(field)) {
            v.add(field, "Field cannot be null", "missing");
        }
        return value;
    }

    /**
     * Checks every field (422 with all problems), then the references that are new or changed against
     * {@code before} (404); returns the fields normalised.
     */
    private Fields validated(String tenantId, Fields f, Validator v, VanityEndpoint before) {
        String slug = f.slug();
        if (slug == null || slug.isEmpty()) {
            v.add("slug", "Field required", "missing");
        } else if (v.length("slug", slug, 2, 255) && !SLUG.matcher(slug).matches()) {
            v.add("slug", "String should be lowercase kebab-case: letters a-z and digits in words joined by single "
                    + "hyphens", "string_pattern_mismatch");
        }
        String profileId = PinnedFields.blankToNull(f.profileId());
        pinned.profileId(v, profileId);
        String description = f.description() == null || f.description().isBlank() ? null : f.description();
        v.length("description", description, 0, 1024);
        String mode = f.responseMode() == null ? "async" : f.responseMode();
        v.oneOf("response_mode", mode, MODES);
        UUID spec = v.uuid("default_brand_spec_id", PinnedFields.blankToNull(f.defaultBrandSpecId()));
        String brand = PinnedFields.blankToNull(f.brand());
        UUID brandProfile = pinned.brand(v, brand);
        v.throwIfInvalid();
        String specId = spec == null ? null : spec.toString();
        pinned.requireReferences(tenantId, before != null && profileId.equals(before.profileId()) ? null : profileId,
                before != null && java.util.Objects.equals(brand, before.brand()) ? null : brandProfile,
                before != null && java.util.Objects.equals(specId, before.defaultBrandSpecId()) ? null : spec);
        return new Fields(slug, profileId, description, f.active() == null || f.active(), mode, specId, brand);
    }
}
