package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in an ICCBased Gray colour space. */
public final class IccGrayUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_ICC_GRAY_USED";

    public IccGrayUsedCheck() {
        super(ID, "ICC-based Gray used",
                "Content is painted in an ICCBased Gray colour space; depending on the RIP it may be "
                        + "converted to a four-colour grey.",
                Severity.INFO, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return "GRAY".equals(c.iccSpace()) ? what(role, e) + " uses ICCBased Gray" : null;
    }
}
