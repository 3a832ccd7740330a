package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

/** Non-separable blend modes on spot colours: the spot plates silently blend as Normal. */
public final class SpotBlendCheck extends TransparencyElementCheck {

    public static final String ID = "TRANSP_BLEND_SPOT";

    public SpotBlendCheck() {
        super(ID, "Non-separable blend mode on a spot colour",
                "A spot colour is painted with a non-separable blend mode (Hue, Saturation, Color, Luminosity). "
                        + "Spot colorants cannot take part in those modes and are blended as Normal, so the printed "
                        + "result differs from the screen.",
                Severity.WARNING);
    }

    @Override
    String problem(ContentView facts, PaintedElement e) {
        if (e.blendMode() == null || !Transparency.NON_SEPARABLE.contains(e.blendMode())) {
            return null;
        }
        for (PaintColor c : new PaintColor[] {e.fill(), e.stroke()}) {
            if (!Colorants.spotNames(c).isEmpty()) {
                return "Spot colour " + String.join("+", Colorants.spotNames(c)) + " uses blend mode "
                        + e.blendMode();
            }
        }
        return null;
    }
}
