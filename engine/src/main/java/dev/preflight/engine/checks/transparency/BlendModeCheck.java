package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.facts.PaintedElement;

/** Elements painted with a blend mode other than Normal. */
public final class BlendModeCheck extends TransparencyElementCheck {

    public static final String ID = "TRANSP_BLEND_MODE";

    public BlendModeCheck() {
        super(ID, "Blend mode used",
                "An element uses a blend mode other than Normal (Multiply, Screen, ...); this is transparency, "
                        + "forbidden in PDF/X-1a and PDF/X-3, and its look depends on the blending colour space.",
                Severity.INFO);
    }

    @Override
    String problem(ContentView facts, PaintedElement e) {
        return Transparency.blended(e) ? "Element uses blend mode " + e.blendMode() : null;
    }
}
