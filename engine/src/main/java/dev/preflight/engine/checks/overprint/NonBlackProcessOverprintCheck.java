package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Overprint on process colours that contain cyan, magenta or yellow: the colour mixes with what is below. */
public final class NonBlackProcessOverprintCheck extends OverprintCheck {

    public static final String ID = "OP_NONBLACK_PROCESS";

    public NonBlackProcessOverprintCheck() {
        super(ID, "Coloured process object set to overprint",
                "A CMYK colour with cyan, magenta or yellow ink is set to overprint, so it mixes with the colours "
                        + "below instead of covering them; this is rarely intended outside black.",
                Severity.INFO, "path", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.overprintFill() || e.overprintStroke();
    }

    @Override
    String problem(Candidate c, CheckContext ctx) {
        if (!c.overprint() || !c.color().isCmyk() || c.color().values().size() != 4 || Colorants.isWhite(c.color())) {
            return null;
        }
        var v = c.color().values();
        boolean cmy = v.get(0) > 1e-6 || v.get(1) > 1e-6 || v.get(2) > 1e-6;
        return cmy ? "Process colour " + Colorants.describe(c.color()) + " is set to overprint" : null;
    }
}
