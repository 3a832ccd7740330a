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

/**
 * Thin multi-channel line: A line thinner than min_width_pt whose colour puts ink on two or more separations blurs or
 * breaks up when the plates misregister.
 */
public final class MultichannelThinLineCheck extends LineCheck {

    public static final String ID = "LINE_MULTICHANNEL_THIN";

    public MultichannelThinLineCheck() {
        super(ID, "Thin multi-channel line",
                "A line thinner than min_width_pt whose colour puts ink on two or more separations blurs or "
                        + "breaks up when the plates misregister.",
                Severity.WARNING, List.of(
                        ParamSpec.number("min_width_pt", 0.25, 0, 1000, "thinnest allowed multi-channel line (pt)"),
                        Scale.scalingParam()));
    }

    @Override
    String judge(PaintedElement e, PaintColor color, double width, PageElements.Placed pl, CheckContext ctx) {
        double limit = limit(ctx, pl, "min_width_pt");
        return Colorants.isMultiChannel(color) && Scale.below(width, limit)
                ? describe("Line in " + Colorants.channels(color) + " inks", width, limit, "thinner than") : null;
    }
}
