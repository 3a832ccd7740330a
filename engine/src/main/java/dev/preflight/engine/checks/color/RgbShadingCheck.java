package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** A smooth shade. */
public final class RgbShadingCheck extends ColorUseCheck {

    public static final String ID = "COLOR_RGB_SHADING";

    public RgbShadingCheck() {
        super(ID, "RGB shading",
                "A smooth shade (gradient) is painted in an RGB colour space.",
                Severity.WARNING, "path", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.kind() == ElementKind.SHADING;
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.isRgb() ? "Shading uses RGB (" + Colorants.describeSpace(c) + ")" : null;
    }
}
