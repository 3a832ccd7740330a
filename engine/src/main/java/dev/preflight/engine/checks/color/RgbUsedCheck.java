package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in an RGB colour space. */
public final class RgbUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_RGB_USED";

    public RgbUsedCheck() {
        super(ID, "RGB colour used",
                "Content is painted in an RGB colour space (DeviceRGB, CalRGB or ICC RGB: images, text, "
                        + "vectors or shadings); it must be converted before printing with process inks.",
                Severity.ERROR, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.isRgb() ? what(role, e) + " uses RGB (" + Colorants.describeSpace(c) + ")" : null;
    }
}
