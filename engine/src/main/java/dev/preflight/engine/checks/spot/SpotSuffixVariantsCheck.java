package dev.preflight.engine.checks.spot;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;

import java.util.List;
import java.util.Locale;

/** GWG R0021: the same spot colour under names that differ only in their paper/finish suffix. */
public final class SpotSuffixVariantsCheck extends SpotNameGroupCheck {

    public static final String ID = "SPOT_SUFFIX_VARIANTS";

    /** GWG R0021 suffix list. */
    static final List<String> SUFFIXES = List.of("C", "CP", "E", "K", "M", "N", "U", "UP", "Z", "CV", "CVU", "CVC",
            "HC", "PC", "TC", "TCX", "TP", "TPX", "XGC", "EC");

    public SpotSuffixVariantsCheck() {
        super(ID, "Spot colours differing only by suffix",
                "Two or more spot colours differ only in a suffix such as C, U, CP or TCX after the last space "
                        + "(\"PANTONE 185 C\" and \"PANTONE 185 U\"); they are one ink but would print on separate "
                        + "plates. The part before the last space is compared case-insensitively.",
                Severity.WARNING, List.of(ParamSpec.strings("suffixes", SUFFIXES,
                        "suffixes that name paper or finish variants of the same ink")));
    }

    @Override
    String key(String name, CheckContext ctx) {
        return base(name, ctx.strings("suffixes")).toLowerCase(Locale.ROOT);
    }

    static String base(String name, List<String> suffixes) {
        String trimmed = name.strip();
        int sp = trimmed.lastIndexOf(' ');
        if (sp > 0) {
            String last = trimmed.substring(sp + 1);
            for (String s : suffixes) {
                if (s.equalsIgnoreCase(last)) {
                    return trimmed.substring(0, sp).strip();
                }
            }
        }
        return trimmed;
    }

    @Override
    boolean reportable(List<String> names) {
        // Names equal but for case are R0022's business, not a suffix difference.
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).distinct().count() >= 2;
    }

    @Override
    String message(List<String> names) {
        return "Spot colours differ only by suffix: " + quoted(names);
    }
}
