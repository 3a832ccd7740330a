package dev.preflight.engine.checks.lines;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Thin line: A line. */
public final class ThinLineCheck extends LineCheck {

    public static final String ID = "LINE_THIN";

    public ThinLineCheck() {
        super(ID, "Thin line",
                "A line (stroke or thin filled shape) thinner than min_width_pt may break up or disappear on press.",
                Severity.WARNING, List.of(
                        ParamSpec.number("min_width_pt", 0.125, 0, 1000, "thinnest allowed line (pt)"),
                        Scale.scalingParam()));
    }

    @Override
    String judge(PaintedElement e, PaintColor color, double width, PageElements.Placed pl, CheckContext ctx) {
        double limit = limit(ctx, pl, "min_width_pt");
        return Scale.below(width, limit) ? describe("Line", width, limit, "thinner than") : null;
    }
}
