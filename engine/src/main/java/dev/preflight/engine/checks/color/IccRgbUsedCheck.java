package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in an ICCBased RGB colour space. */
public final class IccRgbUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_ICC_RGB_USED";

    public IccRgbUsedCheck() {
        super(ID, "ICC-based RGB used",
                "Content is painted in an ICCBased RGB colour space.",
                Severity.INFO, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return "RGB".equals(c.iccSpace()) ? what(role, e) + " uses ICCBased RGB" : null;
    }
}
