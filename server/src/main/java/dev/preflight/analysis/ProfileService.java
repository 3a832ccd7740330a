package dev.preflight.analysis;

import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Severity;
import dev.preflight.engine.profiles.Profiles;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.ErrorBodies;
import dev.preflight.platform.Json;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.platform.Times;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/** Built-in profiles (engine resources) and tenant-owned profiles (database), validated against the catalogue. */
@Service
class ProfileService {

    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9._-]{1,127}");

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

    Optional<Profile> find(String tenantId, String profileId) {
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

    /** Validates and stores a tenant-owned profile. */
    Profile create(String tenantId, String profileId, String name, String description, String baseProfileId,
                   List<CheckEntry> entries) {
        var errors = new ArrayList<ErrorBodies.FieldError>();
        if (profileId == null || profileId.isBlank()) {
            errors.add(err(List.of("body", "profile_id"), "Field required", "missing"));
        } else if (!ID.matcher(profileId).matches()) {
            errors.add(err(List.of("body", "profile_id"),
                    "Use 2-128 lowercase letters, digits, '.', '_' or '-', starting with a letter or digit", "value_error"));
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
            base = builtin(baseProfileId).orElse(null);
            if (base == null) {
                base = repository.find(tenantId, baseProfileId).map(ProfileService::fromStored).orElse(null);
            }
            if (base == null) {
                errors.add(err(List.of("body", "base_profile_id"), "Unknown profile '" + baseProfileId + "'", "value_error"));
            }
        }
        var checks = new LinkedHashMap<String, ProfileCheck>();
        if (base != null) {
            base.checks().forEach(c -> checks.put(c.checkId(), c));
        }
        CheckCatalog catalog = CheckCatalog.builtin();
        if (entries != null) {
            for (int i = 0; i < entries.size(); i++) {
                CheckEntry e = entries.get(i);
                List<Object> loc = List.of("body", "checks", i);
                if (e == null || e.inspectionId() == null) {
                    errors.add(err(append(loc, "inspection_id"), "Field required", "missing"));
                    continue;
                }
                CheckInfo info = catalog.info(e.inspectionId());
                if (info == null) {
                    errors.add(err(append(loc, "inspection_id"), "Unknown check '" + e.inspectionId()
                            + "' (see GET /api/v1/check-names)", "value_error"));
                    continue;
                }
                if (Boolean.FALSE.equals(e.enabled())) {
                    checks.remove(info.id());
                    continue;
                }
                Severity sev = null;
                if (e.severity() != null) {
                    sev = Severity.parse(e.severity());
                    if (sev == null) {
                        errors.add(err(append(loc, "severity"), "Input should be 'error', 'warning', 'advisory' or 'info'",
                                "enum"));
                    }
                }
                var params = new LinkedHashMap<String, Object>();
                ProfileCheck previous = checks.get(info.id());
                if (previous != null) {
                    params.putAll(previous.params());
                }
                if (e.params() != null) {
                    for (var p : e.params().entrySet()) {
                        ParamSpec spec = info.parameter(p.getKey());
                        if (spec == null) {
                            errors.add(err(append(append(loc, "params"), p.getKey()), "Check " + info.id()
                                    + " has no parameter '" + p.getKey() + "'", "extra_forbidden"));
                            continue;
                        }
                        try {
                            params.put(p.getKey(), spec.coerce(p.getValue()));
                        } catch (IllegalArgumentException ex) {
                            errors.add(err(append(append(loc, "params"), p.getKey()), ex.getMessage(), "value_error"));
                        }
                    }
                }
                String clause = e.isoClause() != null ? e.isoClause() : previous == null ? null : previous.isoClause();
                Severity finalSev = sev != null ? sev : previous == null ? null : previous.severity();
                checks.put(info.id(), new ProfileCheck(info.id(), finalSev, params, clause));
            }
        }
        if (!errors.isEmpty()) {
            throw new RequestValidationException(errors);
        }
        if (builtin(profileId).isPresent() || repository.find(tenantId, profileId).isPresent()) {
            throw new ConflictException("A profile with id '" + profileId + "' already exists.");
        }
        var profile = new Profile(profileId, name, description, base == null ? null : base.standard(), false,
                List.copyOf(checks.values()));
        repository.insert(new TenantProfileRepository.Row(UUID.randomUUID().toString(), tenantId, profileId, name,
                description, Json.write(toStored(profile)), Times.now()));
        return profile;
    }

    Profile require(String tenantId, String profileId) {
        return find(tenantId, profileId).orElseThrow(() -> new NotFoundException("Profile '" + profileId + "' not found."));
    }

    private static Map<String, Object> toStored(Profile p) {
        var checks = new ArrayList<Map<String, Object>>();
        for (ProfileCheck c : p.checks()) {
            var m = new LinkedHashMap<String, Object>();
            m.put("id", c.checkId());
            m.put("severity", c.severity() == null ? null : c.severity().wire());
            m.put("params", c.params());
            m.put("iso_clause", c.isoClause());
            checks.add(m);
        }
        var m = new LinkedHashMap<String, Object>();
        m.put("standard", p.standard());
        m.put("checks", checks);
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Profile fromStored(TenantProfileRepository.Row row) {
        Map<String, Object> body = Json.readMap(row.body());
        var checks = new ArrayList<ProfileCheck>();
        for (Object o : (List<Object>) body.get("checks")) {
            var m = (Map<String, Object>) o;
            checks.add(new ProfileCheck((String) m.get("id"), Severity.parse((String) m.get("severity")),
                    (Map<String, Object>) m.get("params"), (String) m.get("iso_clause")));
        }
        return new Profile(row.profileId(), row.name(), row.description(), (String) body.get("standard"), false, checks);
    }

    private static ErrorBodies.FieldError err(List<Object> loc, String msg, String type) {
        return new ErrorBodies.FieldError(loc, msg, type);
    }

    private static List<Object> append(List<Object> loc, Object part) {
        var l = new ArrayList<>(loc);
        l.add(part);
        return l;
    }
}
