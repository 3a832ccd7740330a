package dev.preflight.engine.checks.metadata;

import java.util.Locale;

/** Small text judgements shared by the metadata checks. */
final class Text {

    private Text() {
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** Trapped is declared: True or False (Info writes names, XMP writes strings; case is not significant). */
    static boolean trueOrFalse(String trapped) {
        String n = normalTrapped(trapped);
        return n.equals("true") || n.equals("false");
    }

    static String normalTrapped(String trapped) {
        return trapped == null ? "" : trapped.strip().replace("/", "").toLowerCase(Locale.ROOT);
    }
}
