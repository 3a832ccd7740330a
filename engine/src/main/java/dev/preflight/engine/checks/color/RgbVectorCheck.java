package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** A path is filled or stroked in an RGB colour. */
public final class RgbVectorCheck extends ColorUseCheck {

    public static final String ID = "COLOR_RGB_VECTOR";

    public RgbVectorCheck() {
        super(ID, "RGB vector graphics",
                "A path is filled or stroked in an RGB colour.",
                Severity.WARNING, "path", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.kind().isPath();
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.isRgb() ? what(role, e) + " uses RGB (" + Colorants.describe(c) + ")" : null;
    }
}
