package dev.preflight.engine.checks.structure;

import java.util.List;

/** PDF version numbers as written in the header ("1.4"), compared numerically by major and minor part. */
public final class PdfVersions {

    /** Every PDF version a profile may name. */
    public static final List<String> ALL = List.of("1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "2.0");

    private PdfVersions() {
    }

    /**
     * Compares two versions; an unreadable version compares as 0.0 so that it is never taken as acceptable for a
     * minimum.
     */
    public static int compare(String a, String b) {
        return Integer.compare(rank(a), rank(b));
    }

    private static int rank(String v) {
        if (v == null) {
            return 0;
        }
        String[] parts = v.trim().split("\\.");
        try {
            int major = Integer.parseInt(parts[0]);
            int minor = parts.length > 1 && !parts[1].isEmpty() ? Integer.parseInt(parts[1].substring(0, 1)) : 0;
            return major * 10 + minor;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
