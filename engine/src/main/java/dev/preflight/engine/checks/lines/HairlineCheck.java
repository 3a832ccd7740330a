package dev.preflight.engine.checks.lines;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/**
 * Hairline: A stroke with line width 0 is drawn one device pixel wide: visible on screen and laser printers, invisible
 * on a high-resolution platesetter.
 */
public final class HairlineCheck extends LineCheck {

    public static final String ID = "LINE_HAIRLINE";

    public HairlineCheck() {
        super(ID, "Hairline",
                "A stroke with line width 0 is drawn one device pixel wide: visible on screen and laser "
                        + "printers, invisible on a high-resolution platesetter.",
                Severity.WARNING, List.of());
    }

    @Override
    String judge(PaintedElement e, PaintColor color, double width, PageElements.Placed pl, CheckContext ctx) {
        return e.kind().strokes() && width == 0 ? "Line width is 0 (hairline, one device pixel)" : null;
    }
}
