package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;

import java.util.List;

/** EPM 007: spot inks that cannot be simulated with C, M and Y (white, varnish, metallic, fluorescent). */
public final class EpmSpecialSpotCheck extends EpmSpotCheck {

    public EpmSpecialSpotCheck() {
        super("SPECIAL_SPOT", "EPM: special spot ink that must stay separate",
                "A spot colour whose name contains one of special_keywords (white, varnish, metallic, foil, "
                        + "fluorescent ...) is an ink a CMY-only press cannot simulate: tier A.",
                "A", "007", List.of(ParamSpec.strings("special_keywords", SPECIAL,
                        "name fragments (case-insensitive) of inks that must stay separate")));
    }

    @Override
    boolean matches(String lowerName, CheckContext ctx) {
        return containsAny(lowerName, ctx.strings("special_keywords"));
    }

    @Override
    String message(String name) {
        return "Spot colour \"" + name + "\" must stay a separate ink and cannot be printed CMY-only";
    }
}
