package dev.preflight.engine;

import java.util.List;

/**
 * A typed parameter of a check, set by profiles.
 *
 * @param name         snake_case key used in profiles
 * @param type         value type
 * @param defaultValue value when a profile does not set it (Double, Integer, Boolean, String or List of String);
 *                     may be null for "off"
 * @param description  what it means, with its unit
 * @param min          lowest allowed number, or null
 * @param max          highest allowed number, or null
 * @param allowed      allowed strings for STRING parameters and for each item of STRING_LIST parameters, or empty
 *                     for any
 */
public record ParamSpec(String name, Type type, Object defaultValue, String description, Double min, Double max,
                        List<String> allowed) {

    public ParamSpec {
        allowed = allowed == null ? List.of() : List.copyOf(allowed);
    }

    /** Parameter value types. */
    public enum Type { NUMBER, INTEGER, BOOLEAN, STRING, STRING_LIST }

    public static ParamSpec number(String name, Double def, double min, double max, String description) {
        return new ParamSpec(name, Type.NUMBER, def, description, min, max, List.of());
    }

    public static ParamSpec integer(String name, Integer def, int min, int max, String description) {
        return new ParamSpec(name, Type.INTEGER, def, description, (double) min, (double) max, List.of());
    }

    public static ParamSpec bool(String name, boolean def, String description) {
        return new ParamSpec(name, Type.BOOLEAN, def, description, null, null, List.of());
    }

    public static ParamSpec string(String name, String def, List<String> allowed, String description) {
        return new ParamSpec(name, Type.STRING, def, description, null, null, allowed);
    }

    public static ParamSpec strings(String name, List<String> def, String description) {
        return new ParamSpec(name, Type.STRING_LIST, def, description, null, null, List.of());
    }

    /** A list of strings each of which must be one of {@code allowed}. */
    public static ParamSpec strings(String name, List<String> def, List<String> allowed, String description) {
        return new ParamSpec(name, Type.STRING_LIST, def, description, null, null, allowed);
    }

    /**
     * Checks and normalises a value for this parameter.
     *
     * @return the value as the declared Java type (Double, Integer, Boolean, String, List of String); null stays null
     * @throws IllegalArgumentException with a readable message when the value does not fit
     */
    public Object coerce(Object value) {
        if (value == null) {
            return null;
        }
        switch (type) {
            case NUMBER, INTEGER -> {
                if (!(value instanceof Number n)) {
                    throw new IllegalArgumentException("parameter '" + name + "' must be a number");
                }
                double d = n.doubleValue();
                if (type == Type.INTEGER && d != Math.rint(d)) {
                    throw new IllegalArgumentException("parameter '" + name + "' must be an integer");
                }
                if (min != null && d < min) {
                    throw new IllegalArgumentException("parameter '" + name + "' must be >= " + fmt(min));
                }
                if (max != null && d > max) {
                    throw new IllegalArgumentException("parameter '" + name + "' must be <= " + fmt(max));
                }
                return type == Type.INTEGER ? (Object) (int) d : (Object) d;
            }
            case BOOLEAN -> {
                if (!(value instanceof Boolean)) {
                    throw new IllegalArgumentException("parameter '" + name + "' must be a boolean");
                }
                return value;
            }
            case STRING -> {
                if (!(value instanceof String s)) {
                    throw new IllegalArgumentException("parameter '" + name + "' must be a string");
                }
                if (!allowed.isEmpty() && !allowed.contains(s)) {
                    throw new IllegalArgumentException("parameter '" + name + "' must be one of " + allowed);
                }
                return s;
            }
            case STRING_LIST -> {
                if (!(value instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
                    throw new IllegalArgumentException("parameter '" + name + "' must be a list of strings");
                }
                if (!allowed.isEmpty() && !allowed.containsAll(list)) {
                    throw new IllegalArgumentException("parameter '" + name + "' may only hold " + allowed);
                }
                return List.copyOf(list.stream().map(String.class::cast).toList());
            }
            default -> throw new IllegalStateException();
        }
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
