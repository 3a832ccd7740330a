package dev.preflight.engine.checks.lines;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/**
 * Thin line in a light tint: A line thinner than max_width_pt whose strongest ink is below min_tint_percent is screened
 * into isolated dots and looks broken.
 */
public final class LightTintThinLineCheck extends LineCheck {

    public static final String ID = "LINE_LIGHT_TINT_THIN";

    public LightTintThinLineCheck() {
        super(ID, "Thin line in a light tint",
                "A line thinner than max_width_pt whose strongest ink is below min_tint_percent is screened "
                        + "into isolated dots and looks broken.",
                Severity.INFO, List.of(
                        ParamSpec.number("max_width_pt", 0.5, 0, 1000, "lines thinner than this are judged (pt)"),
                        ParamSpec.number("min_tint_percent", 10.0, 0, 100, "lightest acceptable strongest ink (%)"),
                        Scale.scalingParam()));
    }

    @Override
    String judge(PaintedElement e, PaintColor color, double width, PageElements.Placed pl, CheckContext ctx) {
        double limit = limit(ctx, pl, "max_width_pt");
        if (!Scale.below(width, limit) || Colorants.isWhite(color)) {
            return null;
        }
        Double strongest = strongestInk(color);
        if (strongest == null || strongest <= 0 || strongest * 100 >= ctx.number("min_tint_percent")) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "Line of %.3f pt uses a light tint (strongest ink %.1f %%)",
                width, strongest * 100);
    }

    /** The strongest ink of a device or spot colour (grey inverted to black), or null for other spaces. */
    static Double strongestInk(PaintColor c) {
        switch (c.space()) {
            case "DeviceCMYK", "Separation", "DeviceN" -> {
                return c.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
            }
            case "DeviceGray" -> {
                return c.values().isEmpty() ? null : 1.0 - c.values().get(0);
            }
            default -> {
                return null;
            }
        }
    }
}
