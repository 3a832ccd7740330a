package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in an ICCBased colour space of any kind. */
public final class IccUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_ICC_USED";

    public IccUsedCheck() {
        super(ID, "ICC-based colour used",
                "Content is painted in an ICCBased colour space of any kind (directly or as the base of an "
                        + "indexed space).",
                Severity.INFO, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.iccSpace() != null ? what(role, e) + " uses ICCBased " + c.iccSpace() : null;
    }
}
