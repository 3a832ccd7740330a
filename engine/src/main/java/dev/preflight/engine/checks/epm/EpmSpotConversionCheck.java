package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;

import java.util.List;

/** EPM 008: ordinary spot colours are converted to CMY; brand colours may shift. */
public final class EpmSpotConversionCheck extends EpmSpotCheck {

    public EpmSpotConversionCheck() {
        super("SPOT_CONVERSION", "EPM: spot colour converted to CMY",
                "A spot colour that is neither special (see SVC_EPM_SPECIAL_SPOT_REJECT) nor a technical mark "
                        + "(technical_keywords: dielines, cutting, creasing ...) is converted to C+M+Y; the gamut "
                        + "without black is smaller, so brand colours may shift: tier C advisory.",
                "C", "008", List.of(
                        ParamSpec.strings("special_keywords", SPECIAL, "name fragments of special inks (skipped here)"),
                        ParamSpec.strings("technical_keywords", TECHNICAL,
                                "name fragments of non-printing technical colours (skipped)")));
    }

    @Override
    boolean matches(String lowerName, CheckContext ctx) {
        return !containsAny(lowerName, ctx.strings("special_keywords"))
                && !containsAny(lowerName, ctx.strings("technical_keywords"));
    }

    @Override
    String message(String name) {
        return "Spot colour \"" + name + "\" will be converted to C+M+Y";
    }
}
