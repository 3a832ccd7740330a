package dev.preflight.engine.checks.color;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/** CMYK colours with every process ink near 100 %: registration-style black that soaks paper and smears. */
public final class FourColorBlackCheck extends ColorUseCheck {

    public static final String ID = "COLOR_FOUR_COLOR_BLACK";

    public FourColorBlackCheck() {
        super(ID, "Four-colour (registration) black",
                "A CMYK colour has cyan, magenta, yellow and black all at or above min_each_percent (typically "
                        + "100/100/100/100 'registration' black), far above any press's total ink limit.",
                Severity.WARNING, "path", List.of(ParamSpec.number("min_each_percent", 90.0, 0, 100,
                        "each process ink at or above this tint (%)")));
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        if (!c.isCmyk() || c.values().size() != 4) {
            return null;
        }
        double min = ctx.number("min_each_percent") / 100.0;
        for (double v : c.values()) {
            if (v < min - 1e-9) {
                return null;
            }
        }
        double sum = c.values().stream().mapToDouble(Double::doubleValue).sum() * 100;
        return String.format(Locale.ROOT, "%s uses four-colour black (%.0f %% total ink)", what(role, e), sum);
    }
}
