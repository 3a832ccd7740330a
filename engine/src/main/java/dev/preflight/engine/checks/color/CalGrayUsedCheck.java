package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in a CalGray colour space, which PDF/X and early-binding workflows do not accept. */
public final class CalGrayUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_CALGRAY_USED";

    public CalGrayUsedCheck() {
        super(ID, "CalGray used",
                "Content is painted in a CalGray colour space, which PDF/X and early-binding workflows do not accept.",
                Severity.WARNING, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.space().equals("CalGray") || "CalGray".equals(c.base()) ? what(role, e) + " uses CalGray" : null;
    }
}
