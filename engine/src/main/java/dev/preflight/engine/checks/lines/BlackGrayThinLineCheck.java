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
 * Thin black line in DeviceGray: A pure black line thinner than max_width_pt painted in DeviceGray cannot be relied on
 * to overprint.
 */
public final class BlackGrayThinLineCheck extends LineCheck {

    public static final String ID = "LINE_BLACK_GRAY_THIN";

    public BlackGrayThinLineCheck() {
        super(ID, "Thin black line in DeviceGray",
                "A pure black line thinner than max_width_pt painted in DeviceGray cannot be relied on to "
                        + "overprint (GWG R0012); it should be DeviceCMYK 0/0/0/100 set to overprint.",
                Severity.WARNING, List.of(
                        ParamSpec.number("max_width_pt", 2.0, 0, 1000,
                                "lines thinner than this must not be DeviceGray black (pt)"),
                        Scale.scalingParam()));
    }

    @Override
    String judge(PaintedElement e, PaintColor color, double width, PageElements.Placed pl, CheckContext ctx) {
        double limit = limit(ctx, pl, "max_width_pt");
        boolean black = e.kind().strokes() ? Colorants.blackStroke(e) : Colorants.blackFill(e);
        return color.space().equals("DeviceGray") && black && Scale.below(width, limit)
                ? describe("Black DeviceGray line", width, limit, "thinner than") : null;
    }
}
