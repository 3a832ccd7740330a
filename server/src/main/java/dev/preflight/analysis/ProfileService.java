package dev.preflight.analysis;

import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.InvalidProfileException;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.Severity;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.ErrorBodies;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.platform.Times;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.UUID;

/** Built-in profiles (engine resources) and tenant-owned profiles (database), validated against the catalogue. */
@Service
public class ProfileService {

    private final TenantProfileRepository repository;

    ProfileService(TenantProfileRepository repository) {
        this.repository = repository;
    }

    List<Profile> builtins() {
        return List.copyOf(Profiles.builtin().values());
    }

    Optional<Profile> builtin(String id) {
        return Optional.ofNullable(Profiles.builtin().get(id));
    }

    /** A built-in profile, or the tenant's own; empty for an id neither holds (another tenant's profile included). */
    public Optional<Profile> find(String tenantId, String profileId) {
        Optional<Profile> b = builtin(profileId);
        if (b.isPresent()) {
            return b;
        }
        return repository.find(tenantId, profileId).map(ProfileService::fromStored);
    }

    List<Profile> list(String tenantId) {
        var out = new ArrayList<>(builtins());
        repository.list(tenantId).forEach(r -> out.add(fromStored(r)));
        return out;
    }

    /** One check of a create request. */
    record CheckEntry(String inspectionId, String severity, Map<String, Object> params, String isoClause,
                      Boolean enabled) {
    }

    /**
     * Validates and stores a tenant-owned profile. The id rule, the check ids and every parameter are judged by the
     * engine's own profile validation ({@link Profiles#validate}); its problems come back field by field in the
     * spec's validation body, located in the request.
     */
    Profile create(String tenantId, String profileId, String name, String description, String baseProfileId,
                   List<CheckEntry> entries) {
        var errors = new ArrayList<ErrorBodies.FieldError>();
        if (profileId == null || profileId.isBlank()) {
            errors.add(err(List.of("body", "profile_id"), "Field required", "missing"));
        } else {
            Profiles.idProblem(profileId).ifPresent(p -> errors.add(err(List.of("body", "profile_id"), p.message(),
                    p.type())));
        }
        if (name == null || name.isBlank()) {
            errors.add(err(List.of("body", "name"), "Field required", "missing"));
        } else if (name.length() > 255) {
            errors.add(err(List.of("body", "name"), "String should have at most 255 characters", "string_too_long"));
        }
        if (entries == null && baseProfileId == null) {
            errors.add(err(List.of("body", "checks"), "Field required (or give base_profile_id)", "missing"));
        }
        Profile base = null;
        if (baseProfileId != null) {
            base = find(tenantId, baseProfileId).orElse(null);
            if (base == null) {
                errors.add(err(List.of("body", "base_profile_id"), "Unknown profile '" + baseProfileId + "'",
                        "value_error"));
            }
        }
        // The request's own entries, in request order, so that the engine's problem paths point into the request.
        var requested = new ArrayList<ProfileCheck>();
        var requestIndex = new ArrayList<Integer>();
        var disabled = new java.util.HashSet<String>();
        if (entries != null) {
            for (int i = 0; i < entries.size(); i++) {
                CheckEntry e = entries.get(i);
                if (e == null || e.inspectionId() == null || e.inspectionId().isBlank()) {
                    errors.add(err(List.of("body", "checks", i, "inspection_id"), "Field required", "missing"));
                    continue;
                }
                if (Boolean.FALSE.equals(e.enabled())) {
                    disabled.add(e.inspectionId());
                }
                Severity sev = null;
                if (e.severity() != null) {
                    sev = Severity.parse(e.severity());
                    if (sev == null) {
                        errors.add(err(List.of("body", "checks", i, "severity"),
                                "Input should be 'error', 'warning', 'advisory' or 'info'", "enum"));
                    }
                }
                ProfileCheck inherited = base == null ? null : base.check(e.inspectionId());
                var params = new LinkedHashMap<String, Object>();
                if (inherited != null) {
                    params.putAll(inherited.params());
                }
                if (e.params() != null) {
                    params.putAll(e.params());
                }
                requested.add(new ProfileCheck(e.inspectionId(),
                        sev != null ? sev : inherited == null ? null : inherited.severity(), params,
                        e.isoClause() != null ? e.isoClause() : inherited == null ? null : inherited.isoClause()));
                requestIndex.add(i);
            }
        }
        List<ProfileCheck> validated = List.of();
        try {
            validated = Profiles.validate(new Profile(profileId, name, description, null, false, requested),
                    CheckCatalog.builtin()).checks();
        } catch (InvalidProfileException ex) {
            for (InvalidProfileException.Problem p : ex.details()) {
                errors.add(err(requestLoc(p.path(), requestIndex), p.message(), p.type()));
            }
        }
        if (!errors.isEmpty()) {
            // Report in request order: top-level fields first, then each check entry in turn.
            errors.sort(java.util.Comparator.comparingInt(e -> e.loc().size() > 2 && "checks".equals(e.loc().get(1))
                    && e.loc().get(2) instanceof Integer n ? n : -1));
            throw new RequestValidationException(errors);
        }
        if (builtin(profileId).isPresent() || repository.find(tenantId, profileId).isPresent()) {
            throw new ConflictException("A profile with id '" + profileId + "' already exists.");
        }
        var checks = new LinkedHashMap<String, ProfileCheck>();
        if (base != null) {
            base.checks().forEach(c -> checks.put(c.checkId(), c));
        }
        validated.forEach(c -> checks.put(c.checkId(), c));
        disabled.forEach(checks::remove);
        var profile = new Profile(profileId, name, description, base == null ? null : base.standard(), false,
                List.copyOf(checks.values()));
        repository.insert(new TenantProfileRepository.Row(UUID.randomUUID().toString(), tenantId, profileId, name,
                description, Profiles.toJson(profile), Times.now()));
        return profile;
    }

    /** The request location of an engine problem path ({@code checks, n, id|params, ...}). */
    private static List<Object> requestLoc(List<Object> path, List<Integer> requestIndex) {
        var loc = new ArrayList<Object>();
        loc.add("body");
        for (int k = 0; k < path.size(); k++) {
            Object part = path.get(k);
            if (k == 1 && "checks".equals(path.get(0)) && part instanceof Integer n && n < requestIndex.size()) {
                loc.add(requestIndex.get(n));
            } else if (k == 2 && "checks".equals(path.get(0)) && "id".equals(part)) {
                loc.add("inspection_id");
            } else {
                loc.add(part);
            }
        }
        return loc;
    }

    Profile require(String tenantId, String profileId) {
        return find(tenantId, profileId).orElseThrow(() -> new NotFoundException("Profile '" + profileId + "' not found."));
    }

    private static Profile fromStored(TenantProfileRepository.Row row) {
        return Profiles.parse(row.body());
    }

    private static ErrorBodies.FieldError err(List<Object> loc, String msg, String type) {
        return new ErrorBodies.FieldError(loc, msg, type);
    }

}
