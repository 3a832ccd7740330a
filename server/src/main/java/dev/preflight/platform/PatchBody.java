package dev.preflight.platform;

import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A PATCH body read field by field, where an omitted field and an explicit {@code null} differ: omitted leaves a
 * value unchanged, {@code null} clears it. Type and range problems are collected in the spec's {loc, msg, type}
 * form ({@link #throwIfInvalid()}); unknown fields are refused ({@code extra_forbidden}).
 */
public final class PatchBody {

    private final JsonNode body;
    private final Validator errors = Validator.body();

    private PatchBody(JsonNode body) {
        this.body = body;
    }

    /** Reads a body that must be a JSON object whose fields are all among {@code allowed}. */
    public static PatchBody of(JsonNode body, Collection<String> allowed) {
        if (body == null || !body.isObject()) {
            throw RequestValidationException.of("body", "body", "Input should be a JSON object", "json_invalid");
        }
        var patch = new PatchBody(body);
        body.propertyNames().forEach(name -> {
            if (!allowed.contains(name)) {
                patch.errors.add(name, "Extra inputs are not permitted", "extra_forbidden");
            }
        });
        return patch;
    }

    /** True when the field is present (possibly null). */
    public boolean has(String field) {
        return body.has(field);
    }

    /** True when the field is present and null. */
    public boolean isNull(String field) {
        return body.has(field) && body.get(field).isNull();
    }

    /** The integer value within [min, max]; null when omitted, null or invalid (then an error is recorded). */
    public Integer integer(String field, long min, long max) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            errors.add(field, "Input should be a valid integer", "int_parsing");
            return null;
        }
        int i = v.intValue();
        if (i < min) {
            errors.add(field, "Input should be greater than or equal to " + min, "greater_than_equal");
            return null;
        }
        if (i > max) {
            errors.add(field, "Input should be less than or equal to " + max, "less_than_equal");
            return null;
        }
        return i;
    }

    /** The boolean value; null when omitted, null or invalid. */
    public Boolean bool(String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isBoolean()) {
            errors.add(field, "Input should be a valid boolean", "bool_parsing");
            return null;
        }
        return v.booleanValue();
    }

    /** The string value; null when omitted, null or invalid. */
    public String string(String field, int minLength, int maxLength) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isString()) {
            errors.add(field, "Input should be a valid string", "string_type");
            return null;
        }
        String s = v.asString();
        return errors.length(field, s, minLength, maxLength) ? s : null;
    }

    /** A list of strings; null when omitted, null or invalid. */
    public List<String> strings(String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isArray()) {
            errors.add(field, "Input should be a valid list", "list_type");
            return null;
        }
        var out = new ArrayList<String>();
        for (JsonNode item : v.values()) {
            if (!item.isString()) {
                errors.add(field, "Input should be a list of strings", "string_type");
                return null;
            }
            out.add(item.asString());
        }
        return out;
    }

    /** The raw value of a field (for nested objects); null when omitted. */
    public JsonNode node(String field) {
        return body.get(field);
    }

    /** Records a problem found by the caller. */
    public PatchBody add(String field, String msg, String type) {
        errors.add(field, msg, type);
        return this;
    }

    public void throwIfInvalid() {
        errors.throwIfInvalid();
    }
}
