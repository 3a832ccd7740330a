package dev.preflight.tenancy;

import java.util.Arrays;
import java.util.Locale;

/** Plan tiers, lowest first. */
public enum Plan {
    VIEWER, STARTER, GROWTH, SCALE, ENTERPRISE;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean atLeast(Plan other) {
        return ordinal() >= other.ordinal();
    }

    /** Parses a wire value; null when unknown. */
    public static Plan parse(String value) {
        if (value == null) {
            return null;
        }
        return Arrays.stream(values()).filter(p -> p.wire().equals(value)).findFirst().orElse(null);
    }

    public static String allowedValues() {
        return String.join(", ", Arrays.stream(values()).map(Plan::wire).toList());
    }
}
