package dev.preflight.engine.checks.lines;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Thin white line: A white. */
public final class WhiteThinLineCheck extends LineCheck {

    public static final String ID = "LINE_WHITE_THIN";

    public WhiteThinLineCheck() {
        super(ID, "Thin white line",
                "A white (GWG D0010) line thinner than min_width_pt that overlaps other content is a "
                        + "knockout that fills in when the plates misregister. Lines overlapping nothing are skipped "
                        + "(GWG D0031, I00006).",
                Severity.WARNING, List.of(
                        ParamSpec.number("min_width_pt", 0.25, 0, 1000, "thinnest allowed white line (pt)"),
                        Scale.scalingParam()));
    }

    @Override
    boolean overlappingOnly() {
        return true;
    }

    @Override
    String judge(PaintedElement e, PaintColor color, double width, PageElements.Placed pl, CheckContext ctx) {
        double limit = limit(ctx, pl, "min_width_pt");
        return Colorants.isWhite(color) && Scale.below(width, limit)
                ? describe("White line", width, limit, "thinner than") : null;
    }
}
