package dev.preflight.engine.checks.lines;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.checks.SkippedObjects;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Objects;

/**
 * Thin multi-channel line (GWG R0019): a line thinner than min_width_pt whose colour puts ink on two or more
 * separations blurs or breaks up when the plates misregister.
 *
 * <p>A stroke drawn over a fill of the same path in the same colour ({@code B}, or {@code f} followed by
 * {@code S} on the same path) is not judged. Decided with the GWG visibility rules: such a stroke is visible in the
 * D0030 sense (nothing covers it), but no <em>line</em> is: its inner half lies on identical ink, and what shows is
 * a rim of half its width that continues the filled shape. The shape's edge misregisters like the edge of any fill,
 * which R0019 does not ask about; the thin multi-channel line R0019 guards against never appears.
 */
public final class MultichannelThinLineCheck extends LineCheck {

    public static final String ID = "LINE_MULTICHANNEL_THIN";

    /** How far (points) the stroke's box may differ from the fill's box grown evenly, as rounding allows. */
    private static final double SAME_PATH_TOLERANCE = 0.01;

    public MultichannelThinLineCheck() {
        super(ID, "Thin multi-channel line",
                "A line thinner than min_width_pt whose colour puts ink on two or more separations blurs or "
                        + "breaks up when the plates misregister (GWG R0019). A stroke drawn exactly over a fill of "
                        + "the same path and colour (B, or f then S on the same path) is not judged: under the GWG "
                        + "visibility rules the stroke is visible, but it never shows as a line, only as half its "
                        + "width more of the same filled shape, whose edge R0019 does not judge.",
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

    @Override
    String skipReason(PageElements.Placed pl, PaintingOrder order, CheckContext ctx) {
        return outlinesSameColourFill(pl, order) ? SkippedObjects.OUTLINE_OF_SAME_COLOUR_FILL : null;
    }

    private static boolean outlinesSameColourFill(PageElements.Placed pl, PaintingOrder order) {
        PaintedElement e = pl.element();
        if (e.kind() == ElementKind.FILL_STROKE) {
            return sameColour(e.fill(), e.stroke());
        }
        if (e.kind() != ElementKind.STROKE) {
            return false;
        }
        PaintedElement before = order.before(pl);
        return before != null && before.kind() == ElementKind.FILL && before.visible()
                && Objects.equals(before.context(), e.context())
                && sameColour(before.fill(), e.stroke()) && samePath(before.bbox(), e.bbox());
    }

    /** Same ink: the same colour space family, colorants and values. */
    private static boolean sameColour(PaintColor a, PaintColor b) {
        return a != null && b != null && Objects.equals(Colorants.describe(a), Colorants.describe(b));
    }

    /** The stroke's box is the fill's box grown by the same amount on every side (half the line width). */
    private static boolean samePath(Box fill, Box stroke) {
        if (fill == null || stroke == null) {
            return false;
        }
        double left = fill.x0() - stroke.x0();
        double bottom = fill.y0() - stroke.y0();
        double right = stroke.x1() - fill.x1();
        double top = stroke.y1() - fill.y1();
        double min = Math.min(Math.min(left, bottom), Math.min(right, top));
        double max = Math.max(Math.max(left, bottom), Math.max(right, top));
        return min >= -SAME_PATH_TOLERANCE && max - min <= SAME_PATH_TOLERANCE;
    }
}
