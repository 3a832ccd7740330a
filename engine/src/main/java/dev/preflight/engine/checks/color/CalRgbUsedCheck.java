package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in a CalRGB colour space, which PDF/X and early-binding workflows do not accept. */
public final class CalRgbUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_CALRGB_USED";

    public CalRgbUsedCheck() {
        super(ID, "CalRGB used",
                "Content is painted in a CalRGB colour space, which PDF/X and early-binding workflows do not accept.",
                Severity.WARNING, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.space().equals("CalRGB") || "CalRGB".equals(c.base()) ? what(role, e) + " uses CalRGB" : null;
    }
}
