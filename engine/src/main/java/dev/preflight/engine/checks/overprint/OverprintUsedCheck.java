package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Lists where overprint is used, so it can be reviewed in an overprint preview. */
public final class OverprintUsedCheck extends OverprintCheck {

    public static final String ID = "OP_USED";

    public OverprintUsedCheck() {
        super(ID, "Overprint used",
                "A visible element is set to overprint (fill /op or stroke /OP). Overprint changes how colours mix "
                        + "on press and is only visible in an overprint preview.",
                Severity.INFO, "path", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.overprintFill() || e.overprintStroke();
    }

    @Override
    String problem(Candidate c, CheckContext ctx) {
        return c.overprint() ? "Element is set to overprint (" + c.role() + ")" : null;
    }
}
