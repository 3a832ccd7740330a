package dev.preflight.engine;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.preflight.engine.conformance.ConformanceProfiles;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Profiles as data: the JSON profile format, the built-in profiles shipped as {@code profiles/*.json} resources,
 * and validation against the check catalogue.
 *
 * <p>Format (keys in snake_case; unknown keys are rejected):
 * <pre>{@code
 * {
 *   "id": "my-profile",                      // required: letters, digits, '-', '_' and '.'
 *   "name": "My profile",                    // required
 *   "description": "What it is for",         // optional
 *   "standard": "PDF/X-4",                   // optional: the standard it implements
 *   "checks": [                              // required, may be empty
 *     { "id": "PAGE_BLEED_INSUFFICIENT",     // required: an inspection id of the catalogue
 *       "severity": "error",                 // optional: error | warning | advisory | info (default: the check's)
 *       "params": { "min_bleed_mm": 3 },     // optional: the check's typed parameters; null switches one off
 *       "iso_clause": "GWG2022 R0031" }      // optional: clause every finding of the check carries
 *   ]
 * }
 * }</pre>
 */
public final class Profiles {

    /** Lists the built-in profile files, one file name per line (kept current by {@code BuiltinProfileFiles}). */
    static final String INDEX = "profiles/index.txt";

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final Set<String> PROFILE_KEYS = Set.of("id", "name", "description", "standard", "checks");
    private static final Set<String> CHECK_KEYS = Set.of("id", "severity", "params", "iso_clause");

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static volatile Map<String, Profile> builtins;

    private Profiles() {
    }

    /**
     * Every built-in profile by id, in index order; loaded once. Parameters of the checks the catalogue knows are
     * validated; a check id the catalogue lacks is kept (the engine skips it), so that a catalogue assembled from
     * part of the checks still loads. ProfilesTests validates every built-in strictly against the full catalogue.
     */
    public static Map<String, Profile> builtin() {
        Map<String, Profile> b = builtins;
        if (b == null) {
            synchronized (Profiles.class) {
                b = builtins;
                if (b == null) {
                    b = loadBuiltins(CheckCatalog.builtin());
                    builtins = b;
                }
            }
        }
        return b;
    }

    /** One built-in profile, or null when there is none with that id. */
    public static Profile builtin(String id) {
        return builtin().get(id);
    }

    /**
     * Parses a profile document (the shape only; see {@link #validate} for checks and parameters). The result is
     * not marked built-in.
     *
     * @throws InvalidProfileException with every problem found, each naming its place in the document
     */
    public static Profile parse(String json) {
        return parse(json, false);
    }

    /**
     * Checks a profile against a catalogue: every check id must exist, appear once, and every parameter must be
     * one of the check's and fit its type and range.
     *
     * @return the same profile with parameter values normalised to their declared types
     * @throws InvalidProfileException listing every problem
     */
    public static Profile validate(Profile profile, CheckCatalog catalog) {
        return validate(profile, catalog, true);
    }

    /**
     * The problem with a profile id, if any: 1-100 letters, digits, '.', '-' or '_', starting with a letter or digit.
     */
    public static java.util.Optional<InvalidProfileException.Problem> idProblem(String id) {
        if (id != null && ID.matcher(id).matches()) {
            return java.util.Optional.empty();
        }
        String msg = "'" + id + "' must be 1-100 letters, digits, '.', '-' or '_', starting with a letter or digit";
        return java.util.Optional.of(new InvalidProfileException.Problem(List.of("id"), msg, "value_error",
                "id: " + msg));
    }

    private static Profile validate(Profile profile, CheckCatalog catalog, boolean unknownIdsAreErrors) {
        var problems = new ArrayList<InvalidProfileException.Problem>();
        var seen = new HashSet<String>();
        var normalised = new ArrayList<ProfileCheck>();
        for (int i = 0; i < profile.checks().size(); i++) {
            ProfileCheck pc = profile.checks().get(i);
            String where = "checks[" + i + "] (" + pc.checkId() + ")";
            if (!seen.add(pc.checkId())) {
                problems.add(new InvalidProfileException.Problem(List.of("checks", i, "id"),
                        "the check is listed more than once", "duplicate",
                        where + ": the check is listed more than once"));
                continue;
            }
            CheckInfo info = catalog.info(pc.checkId());
            if (info == null) {
                if (unknownIdsAreErrors) {
                    String msg = "unknown check id '" + pc.checkId() + "'";
                    problems.add(new InvalidProfileException.Problem(List.of("checks", i, "id"), msg,
                            "unknown_check", "checks[" + i + "]: " + msg));
                } else {
                    normalised.add(pc);
                }
                continue;
            }
            var params = new LinkedHashMap<String, Object>();
            for (var e : pc.params().entrySet()) {
                ParamSpec spec = info.parameter(e.getKey());
                if (spec == null) {
                    String msg = "unknown parameter '" + e.getKey() + "'"
                            + (info.parameters().isEmpty() ? " (the check takes no parameters)"
                            : " (known: " + String.join(", ", info.parameters().stream().map(ParamSpec::name)
                            .toList()) + ")");
                    problems.add(new InvalidProfileException.Problem(List.of("checks", i, "params", e.getKey()), msg,
                            "extra_forbidden", where + ": " + msg));
                    continue;
                }
                try {
                    params.put(e.getKey(), spec.coerce(e.getValue()));
                } catch (IllegalArgumentException ex) {
                    problems.add(new InvalidProfileException.Problem(List.of("checks", i, "params", e.getKey()),
                            ex.getMessage(), "value_error", where + ".params." + e.getKey() + ": " + ex.getMessage()));
                }
            }
            normalised.add(new ProfileCheck(pc.checkId(), pc.severity(), params, pc.isoClause()));
        }
        if (!problems.isEmpty()) {
            throw InvalidProfileException.of(problems);
        }
        return new Profile(profile.id(), profile.name(), profile.description(), profile.standard(),
                profile.builtin(), normalised);
    }

    /** Writes a profile in the documented format (two-space indentation, keys in format order). */
    public static String toJson(Profile profile) {
        var root = new LinkedHashMap<String, Object>();
        root.put("id", profile.id());
        root.put("name", profile.name());
        if (profile.description() != null) {
            root.put("description", profile.description());
        }
        if (profile.standard() != null) {
            root.put("standard", profile.standard());
        }
        var checks = new ArrayList<Map<String, Object>>();
        for (ProfileCheck pc : profile.checks()) {
            var c = new LinkedHashMap<String, Object>();
            c.put("id", pc.checkId());
            if (pc.severity() != null) {
                c.put("severity", pc.severity().wire());
            }
            if (!pc.params().isEmpty()) {
                c.put("params", pc.params());
            }
            if (pc.isoClause() != null) {
                c.put("iso_clause", pc.isoClause());
            }
            checks.add(c);
        }
        root.put("checks", checks);
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    }

    static Map<String, Profile> loadBuiltins(CheckCatalog catalog) {
        var out = new LinkedHashMap<String, Profile>();
        for (String file : read(INDEX).lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            Profile p;
            try {
                p = validate(parse(read("profiles/" + file), true), catalog, false);
            } catch (InvalidProfileException e) {
                throw new IllegalStateException("built-in profile " + file + ": " + e.getMessage(), e);
            }
            if (!file.equals(p.id() + ".json")) {
                throw new IllegalStateException("built-in profile " + file + " has id " + p.id());
            }
            out.put(p.id(), p);
        }
        // the conformance profiles hold the library's rules, so they are made when loaded rather than stored
        for (Profile p : ConformanceProfiles.all()) {
            out.put(p.id(), validate(p, catalog, false));
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    static String read(String resource) {
        try (InputStream in = Profiles.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Profile parse(String json, boolean builtin) {
        if (json == null || json.isBlank()) {
            throw new InvalidProfileException(List.of("the profile document is empty"));
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JacksonException e) {
            var loc = e.getLocation();
            String at = loc == null || loc.getLineNr() < 0 ? ""
                    : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
            throw new InvalidProfileException(List.of("not valid JSON" + at + ": " + e.getOriginalMessage()));
        }
        var problems = new ArrayList<String>();
        if (root == null || !root.isObject()) {
            throw new InvalidProfileException(List.of("the profile must be a JSON object"));
        }
        for (String key : root.propertyNames()) {
            if (!PROFILE_KEYS.contains(key)) {
                problems.add("unknown key '" + key + "' (allowed: id, name, description, standard, checks)");
            }
        }
        String id = text(root, "id", "id", true, problems);
        if (id != null) {
            idProblem(id).ifPresent(p -> problems.add(p.text()));
        }
        String name = text(root, "name", "name", true, problems);
        String description = text(root, "description", "description", false, problems);
        String standard = text(root, "standard", "standard", false, problems);
        var checks = new ArrayList<ProfileCheck>();
        JsonNode list = root.get("checks");
        if (list == null || list.isNull()) {
            problems.add("checks: required (a list, possibly empty)");
        } else if (!list.isArray()) {
            problems.add("checks: must be a list");
        } else {
            int i = 0;
            for (JsonNode c : list.values()) {
                ProfileCheck pc = check(c, "checks[" + i + "]", problems);
                if (pc != null) {
                    checks.add(pc);
                }
                i++;
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidProfileException(problems);
        }
        return new Profile(id, name, description, standard, builtin, checks);
    }

    private static ProfileCheck check(JsonNode c, String where, List<String> problems) {
        if (!c.isObject()) {
            problems.add(where + ": must be an object with an 'id'");
            return null;
        }
        for (String key : c.propertyNames()) {
            if (!CHECK_KEYS.contains(key)) {
                problems.add(where + ": unknown key '" + key + "' (allowed: id, severity, params, iso_clause)");
            }
        }
        String id = text(c, "id", where + ".id", true, problems);
        Severity severity = null;
        String sev = text(c, "severity", where + ".severity", false, problems);
        if (sev != null) {
            severity = Severity.parse(sev);
            if (severity == null) {
                problems.add(where + ".severity: '" + sev + "' is not one of error, warning, advisory, info");
            }
        }
        String clause = text(c, "iso_clause", where + ".iso_clause", false, problems);
        var params = new LinkedHashMap<String, Object>();
        JsonNode p = c.get("params");
        if (p != null && !p.isNull()) {
            if (!p.isObject()) {
                problems.add(where + ".params: must be an object of parameter values");
            } else {
                for (var e : p.properties()) {
                    Object v = value(e.getValue(), where + ".params." + e.getKey(), problems);
                    params.put(e.getKey(), v);
                }
            }
        }
        return id == null ? null : new ProfileCheck(id, severity, params, clause);
    }

    private static Object value(JsonNode v, String where, List<String> problems) {
        if (v.isNull()) {
            return null;
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isString()) {
            return v.stringValue();
        }
        if (v.isNumber()) {
            return v.isIntegralNumber() && v.canConvertToInt() ? (Object) v.numberValue().intValue()
                    : (Object) v.numberValue().doubleValue();
        }
        if (v.isArray()) {
            var list = new ArrayList<Object>();
            for (JsonNode item : v.values()) {
                if (!item.isString()) {
                    problems.add(where + ": lists may only hold strings");
                    return null;
                }
                list.add(item.stringValue());
            }
            return list;
        }
        problems.add(where + ": must be a number, boolean, string, list of strings or null");
        return null;
    }

    private static String text(JsonNode obj, String key, String where, boolean required, List<String> problems) {
        JsonNode v = obj.get(key);
        if (v == null || v.isNull()) {
            if (required) {
                problems.add(where + ": required");
            }
            return null;
        }
        if (!v.isString()) {
            problems.add(where + ": must be a string");
            return null;
        }
        if (required && v.stringValue().isBlank()) {
            problems.add(where + ": must not be empty");
            return null;
        }
        return v.stringValue();
    }
}
