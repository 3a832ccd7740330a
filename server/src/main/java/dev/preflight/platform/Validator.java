package dev.preflight.platform;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/** Collects request-validation errors in the spec's {loc, msg, type} form and throws them all at once. */
public final class Validator {

    private final String where;
    private final List<ErrorBodies.FieldError> errors = new ArrayList<>();

    private Validator(String where) {
        this.where = where;
    }

    /** Errors located in the request body (JSON or multipart fields). */
    public static Validator body() {
        return new Validator("body");
    }

    /** Errors located in query parameters. */
    public static Validator query() {
        return new Validator("query");
    }

    public Validator add(String field, String msg, String type) {
        errors.add(new ErrorBodies.FieldError(List.of(where, field), msg, type));
        return this;
    }

    public boolean required(String field, Object value) {
        if (value == null || (value instanceof String s && s.isEmpty())) {
            add(field, "Field required", "missing");
            return false;
        }
        return true;
    }

    /** Checks an optional enum value; null passes. */
    public boolean oneOf(String field, String value, Collection<String> allowed) {
        if (value != null && !allowed.contains(value)) {
            add(field, "Input should be " + quoted(allowed), "enum");
            return false;
        }
        return true;
    }

    public boolean length(String field, String value, int min, int max) {
        if (value == null) {
            return true;
        }
        if (value.length() < min) {
            add(field, "String should have at least " + min + " character" + (min == 1 ? "" : "s"), "string_too_short");
            return false;
        }
        if (value.length() > max) {
            add(field, "String should have at most " + max + " characters", "string_too_long");
            return false;
        }
        return true;
    }

    /** Parses an optional UUID; returns null (and records an error) when malformed. */
    public UUID uuid(String field, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            UUID u = UUID.fromString(value);
            if (u.toString().equalsIgnoreCase(value)) {
                return u;
            }
        } catch (IllegalArgumentException ignored) {
            // reported below
        }
        add(field, "Input should be a valid UUID", "uuid_parsing");
        return null;
    }

    /** Parses an optional boolean written as true/false (also 1/0, yes/no, on/off as form encoders do). */
    public Boolean bool(String field, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1", "yes", "on" -> {
                return Boolean.TRUE;
            }
            case "false", "0", "no", "off" -> {
                return Boolean.FALSE;
            }
            default -> {
                add(field, "Input should be a valid boolean", "bool_parsing");
                return null;
            }
        }
    }

    public boolean ok() {
        return errors.isEmpty();
    }

    public void throwIfInvalid() {
        if (!errors.isEmpty()) {
            throw new RequestValidationException(errors);
        }
    }

    private static String quoted(Collection<String> allowed) {
        var parts = allowed.stream().map(a -> "'" + a + "'").toList();
        if (parts.size() == 1) {
            return parts.get(0);
        }
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " or " + parts.get(parts.size() - 1);
    }
}
