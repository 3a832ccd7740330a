package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in a Lab colour space. */
public final class LabUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_LAB_USED";

    public LabUsedCheck() {
        super(ID, "Lab colour used",
                "Content is painted in a Lab colour space (Lab or ICC Lab) and is converted to the output at "
                        + "print time.",
                Severity.INFO, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        boolean lab = c.effectiveFamily().equals("Lab") || c.effectiveFamily().equals("ICCLAB");
        return lab ? what(role, e) + " uses Lab" : null;
    }
}
