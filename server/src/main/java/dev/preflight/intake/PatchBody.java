package dev.preflight.intake;

import dev.preflight.platform.Validator;

import java.util.Map;
import java.util.Set;

/**
 * A JSON PATCH-style body read as a map so that an omitted field (leave it) differs from one sent as {@code null}
 * (clear it). Type errors and unknown fields are collected in the validator in the spec's {loc, msg, type} form.
 */
final class PatchBody {

    private final Map<String, Object> fields;
    private final Validator validator;

    PatchBody(Map<String, Object> fields, Set<String> allowed, Validator validator) {
        this.fields = fields == null ? Map.of() : fields;
        this.validator = validator;
        this.fields.keySet().stream().filter(k -> !allowed.contains(k)).sorted()
                .forEach(k -> validator.add(k, "Extra inputs are not permitted", "extra_forbidden"));
    }

    boolean has(String field) {
        return fields.containsKey(field);
    }

    /** True when the field is present with the value {@code null}. */
    boolean isNull(String field) {
        return fields.containsKey(field) && fields.get(field) == null;
    }

    /** The field's string value, or null when absent, null or of another type (recorded). */
    String string(String field) {
        Object v = fields.get(field);
        if (v == null || v instanceof String) {
            return (String) v;
        }
        validator.add(field, "Input should be a valid string", "string_type");
        return null;
    }

    /** The field's boolean value, or null when absent, null or of another type (recorded). */
    Boolean bool(String field) {
        Object v = fields.get(field);
        if (v == null || v instanceof Boolean) {
            return (Boolean) v;
        }
        validator.add(field, "Input should be a valid boolean", "bool_type");
        return null;
    }
}
