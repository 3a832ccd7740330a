package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;

import java.text.Normalizer;
import java.util.List;
import java.util.Locale;

/** GWG R0022: spot names that differ only in case or Unicode normalisation. */
public final class SpotCaseVariantsCheck extends SpotNameGroupCheck {

    public static final String ID = "SPOT_CASE_VARIANTS";

    public SpotCaseVariantsCheck() {
        super(ID, "Spot colours differing only by case or Unicode form",
                "Two or more spot colour names become equal after Unicode normalisation (NFC/NFKC) and case folding "
                        + "(\"PANTONE 185 C\" and \"Pantone 185 C\"); RIPs that compare names exactly make separate "
                        + "plates for them.",
                Severity.ERROR, List.of());
    }

    @Override
    String key(String name, CheckContext ctx) {
        return fold(name);
    }

    static String fold(String name) {
        String n = Normalizer.normalize(name, Normalizer.Form.NFKC);
        return n.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    }

    @Override
    String message(List<String> names) {
        return "Spot colour names differ only by case or Unicode form: " + quoted(names);
    }
}
