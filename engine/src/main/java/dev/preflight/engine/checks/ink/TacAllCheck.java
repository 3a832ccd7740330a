package dev.preflight.engine.checks.ink;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.InkFacts;

/** GWG R0025: average ink coverage of all separations (spots included) above the limit. */
public final class TacAllCheck extends TacCheck {

    public static final String ID = "INK_TAC_ALL";

    public TacAllCheck() {
        super(ID, "Total ink coverage of all separations too high",
                "The highest total ink of all separations (process and spot), averaged over a window_mm square of "
                        + "the rendered page, exceeds max_percent (GWG R0025); the ink does not dry and sets off.",
                320.0, "all separations");
    }

    @Override
    double tac(InkFacts ink) {
        return ink.maxTacAll();
    }

    @Override
    Box window(InkFacts ink) {
        return ink.worstWindowAll();
    }
}
