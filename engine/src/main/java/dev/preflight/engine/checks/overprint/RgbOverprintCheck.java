package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Overprint set on RGB content: after conversion to CMYK the result depends on the converter. */
public final class RgbOverprintCheck extends OverprintCheck {

    public static final String ID = "OP_RGB";

    public RgbOverprintCheck() {
        super(ID, "Overprint on RGB content",
                "An element painted in an RGB colour space is set to overprint. Overprint is defined on "
                        + "separations, so the outcome after RGB to CMYK conversion is unpredictable.",
                Severity.WARNING, "path", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return true;
    }

    @Override
    String problem(Candidate c, CheckContext ctx) {
        return c.overprint() && c.color().isRgb() ? "RGB content is set to overprint" : null;
    }
}
