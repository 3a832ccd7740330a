package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;

import java.util.List;
import java.util.regex.Pattern;

/** Spot names that probably mean the same ink: "PANTONE 185 C", "Pantone 185 C", "PMS 185", "185". */
public final class SpotAmbiguousNamesCheck extends SpotNameGroupCheck {

    public static final String ID = "SPOT_AMBIGUOUS_NAMES";

    private static final Pattern LIBRARY_PREFIX = Pattern.compile("^(pantone|pms|hks)\\s*");
    private static final Pattern NON_ALNUM = Pattern.compile("[^\\p{L}\\p{N}]+");

    public SpotAmbiguousNamesCheck() {
        super(ID, "Ambiguous spot colour names",
                "Two or more spot colour names reduce to the same ink once case, Unicode form, the colour library "
                        + "prefix (PANTONE, PMS, HKS), the paper suffix and punctuation are ignored; an operator "
                        + "cannot tell whether one or several inks are meant.",
                Severity.WARNING, List.of());
    }

    @Override
    String key(String name, CheckContext ctx) {
        String k = SpotCaseVariantsCheck.fold(name).strip();
        k = LIBRARY_PREFIX.matcher(k).replaceFirst("");
        k = SpotSuffixVariantsCheck.base(k, SpotSuffixVariantsCheck.SUFFIXES);
        k = NON_ALNUM.matcher(k).replaceAll("");
        return k.isEmpty() ? null : k;
    }

    @Override
    String message(List<String> names) {
        return "Spot colour names may mean the same ink: " + quoted(names);
    }
}
