package dev.preflight.engine;

import java.util.Locale;

/** How much a finding matters: error blocks, warning does not, advisory and info only inform. */
public enum Severity {
    ERROR, WARNING, ADVISORY, INFO;

    /** The wire value, as the API spells it. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a wire value; returns null when the text is not one of the four values. */
    public static Severity parse(String text) {
        if (text == null) {
            return null;
        }
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "error" -> ERROR;
            case "warning" -> WARNING;
            case "advisory" -> ADVISORY;
            case "info" -> INFO;
            default -> null;
        };
    }
}
