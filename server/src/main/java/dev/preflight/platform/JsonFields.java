package dev.preflight.platform;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a JSON request body field by field, telling an omitted field from one sent as {@code null} (a partial
 * update keeps omitted fields and clears null ones) and collecting type and length problems in a {@link Validator}
 * under the field's name, so that one 422 lists them all.
 */
public final class JsonFields {

    private final JsonNode body;
    private final Validator v;

    private JsonFields(JsonNode body, Validator v) {
        this.body = body;
        this.v = v;
    }

    /** The fields of a body that must be a JSON object (a 422 is recorded otherwise). */
    public static JsonFields of(@Nullable JsonNode body, Validator v) {
        if (body == null || !body.isObject()) {
            v.add("body", "Input should be a JSON object", "model_type");
            return new JsonFields(tools.jackson.databind.node.JsonNodeFactory.instance.objectNode(), v);
        }
        return new JsonFields(body, v);
    }

    /** True when the body names the field (with any value, null included). */
    public boolean has(String field) {
        return body.has(field);
    }

    /** True when the field is present and not null. */
    public boolean hasValue(String field) {
        return body.has(field) && !body.get(field).isNull();
    }

    /** The raw value; null when absent. */
    public @Nullable JsonNode node(String field) {
        return body.get(field);
    }

    /** A string field (absent or null: null), bounded in length. */
    public @Nullable String string(String field, int min, int max) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isString()) {
            v.add(field, "Input should be a valid string", "string_type");
            return null;
        }
        String s = n.asString();
        return v.length(field, s, min, max) ? s : null;
    }

    /** A boolean field (absent or null: null). */
    public @Nullable Boolean bool(String field) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isBoolean()) {
            v.add(field, "Input should be a valid boolean", "bool_type");
            return null;
        }
        return n.booleanValue();
    }

    /** An integer field (absent or null: null) within bounds. */
    public @Nullable Integer integer(String field, int min, int max) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isIntegralNumber() || !n.canConvertToInt()) {
            v.add(field, "Input should be a valid integer", "int_type");
            return null;
        }
        int i = n.intValue();
        if (i < min) {
            v.add(field, "Input should be greater than or equal to " + min, "greater_than_equal");
            return null;
        }
        if (i > max) {
            v.add(field, "Input should be less than or equal to " + max, "less_than_equal");
            return null;
        }
        return i;
    }

    /** A number field (absent or null: null) within bounds. */
    public @Nullable Double number(String field, double min, double max) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isNumber()) {
            v.add(field, "Input should be a valid number", "float_type");
            return null;
        }
        double d = n.doubleValue();
        if (d < min || d > max) {
            v.add(field, "Input should be between " + fmt(min) + " and " + fmt(max), "value_error");
            return null;
        }
        return d;
    }

    /** A list of strings (absent or null: null). */
    public @Nullable List<String> strings(String field) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isArray()) {
            v.add(field, "Input should be a valid list", "list_type");
            return null;
        }
        var out = new ArrayList<String>();
        for (JsonNode e : n.values()) {
            if (!e.isString()) {
                v.add(field, "Input should be a list of strings", "string_type");
                return null;
            }
            out.add(e.asString());
        }
        return out;
    }

    /** The validator problems are collected in. */
    public Validator validator() {
        return v;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
