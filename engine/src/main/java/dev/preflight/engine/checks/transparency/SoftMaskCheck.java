package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.facts.PaintedElement;

/** Elements painted through a soft mask (ExtGState /SMask or an image's own /SMask). */
public final class SoftMaskCheck extends TransparencyElementCheck {

    public static final String ID = "TRANSP_SOFT_MASK";

    public SoftMaskCheck() {
        super(ID, "Soft mask used",
                "An element is painted through a soft mask (graphics-state /SMask, or an image with /SMask); this is "
                        + "transparency, forbidden in PDF/X-1a and PDF/X-3 and flattened by older RIPs.",
                Severity.INFO);
    }

    @Override
    String problem(ContentView facts, PaintedElement e) {
        if (e.softMask()) {
            return "Element is painted through a soft mask";
        }
        return Transparency.imageSoftMask(facts, e) ? "Image has a soft mask" : null;
    }
}
