package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** GWG R0007: overlapping white text must not overprint (it would vanish). */
public final class WhiteTextOverprintCheck extends OverprintCheck {

    public static final String ID = "OP_WHITE_TEXT";

    public WhiteTextOverprintCheck() {
        super(ID, "White text set to overprint",
                "White text (GWG D0010) that overlaps other content and has fill or stroke overprint set disappears "
                        + "on press. Text that overlaps nothing is skipped (GWG D0031, I00006).",
                Severity.ERROR, "text", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.kind() == ElementKind.TEXT && PageElements.paintsText(e);
    }

    @Override
    boolean overlappingOnly(CheckContext ctx) {
        return true;
    }

    @Override
    String problem(Candidate c, CheckContext ctx) {
        return c.overprint() && Colorants.isWhite(c.color()) ? "White text is set to overprint" : null;
    }
}
