package dev.preflight.engine.checks.ink;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.InkFacts;

/** GWG R0026: average ink coverage of the CMYK separations above the limit. */
public final class TacCmykCheck extends TacCheck {

    public static final String ID = "INK_TAC_CMYK";

    public TacCmykCheck() {
        super(ID, "Total ink coverage of CMYK too high",
                "The highest total of cyan, magenta, yellow and black, averaged over a window_mm square of the "
                        + "rendered page, exceeds max_percent (GWG R0026); the ink does not dry and sets off.",
                320.0, "CMYK");
    }

    @Override
    double tac(InkFacts ink) {
        return ink.maxTacCmyk();
    }

    @Override
    Box window(InkFacts ink) {
        return ink.worstWindowCmyk();
    }
}
