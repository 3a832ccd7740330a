package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in an ICCBased CMYK colour space. */
public final class IccCmykUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_ICC_CMYK_USED";

    public IccCmykUsedCheck() {
        super(ID, "ICC-based CMYK used",
                "Content is painted in an ICCBased CMYK colour space; a RIP may convert it from its source "
                        + "profile to the output instead of printing the numbers as they are.",
                Severity.INFO, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return "CMYK".equals(c.iccSpace()) ? what(role, e) + " uses ICCBased CMYK" : null;
    }
}
