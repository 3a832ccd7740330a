package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** GWG R0008: overlapping white paths must not overprint (they would vanish). */
public final class WhitePathOverprintCheck extends OverprintCheck {

    public static final String ID = "OP_WHITE_PATH";

    public WhitePathOverprintCheck() {
        super(ID, "White path set to overprint",
                "A white (GWG D0010) path fill or stroke that overlaps other content and is set to overprint "
                        + "disappears on press. Paths that overlap nothing are skipped (GWG D0031, I00006).",
                Severity.WARNING, "path", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.kind().isPath();
    }

    @Override
    boolean overlappingOnly(CheckContext ctx) {
        return true;
    }

    @Override
    String problem(Candidate c, CheckContext ctx) {
        if (!c.overprint() || !Colorants.isWhite(c.color())) {
            return null;
        }
        return c.role().equals("stroke") ? "White stroke is set to overprint" : "White fill is set to overprint";
    }
}
