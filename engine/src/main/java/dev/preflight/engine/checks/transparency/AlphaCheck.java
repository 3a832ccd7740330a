package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.facts.PaintedElement;

import java.util.Locale;

/** Elements painted with a constant opacity below 100 %. */
public final class AlphaCheck extends TransparencyElementCheck {

    public static final String ID = "TRANSP_ALPHA";

    public AlphaCheck() {
        super(ID, "Constant opacity below 100 %",
                "An element is painted with a fill (/ca) or stroke (/CA) opacity below 1; this is transparency, "
                        + "forbidden in PDF/X-1a and PDF/X-3.",
                Severity.INFO);
    }

    @Override
    String problem(ContentView facts, PaintedElement e) {
        double a = Transparency.alpha(e);
        return a < 1.0 ? String.format(Locale.ROOT, "Element is painted at %.0f %% opacity", a * 100) : null;
    }
}
