package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PaintedElement;

import java.util.Set;

/** What makes a painted element transparent (PDF/X-1a and PDF/X-3 forbid all of it). */
final class Transparency {

    static final Set<String> NON_SEPARABLE = Set.of("Hue", "Saturation", "Color", "Luminosity");

    private Transparency() {
    }

    static boolean paintsFill(PaintedElement e) {
        return e.kind().fills() || e.kind() == ElementKind.IMAGE;
    }

    /** The constant alpha that applies to what the element paints, the lower of fill and stroke when both. */
    static double alpha(PaintedElement e) {
        double a = 1.0;
        if (paintsFill(e)) {
            a = Math.min(a, e.fillAlpha());
        }
        if (e.kind().strokes()) {
            a = Math.min(a, e.strokeAlpha());
        }
        return a;
    }

    static boolean blended(PaintedElement e) {
        return e.blendMode() != null && !e.blendMode().equals("Normal") && !e.blendMode().equals("Compatible");
    }

    static boolean imageSoftMask(ContentView facts, PaintedElement e) {
        ImageFact img = facts.image(e);
        return img != null && img.hasSoftMask();
    }

    static boolean transparent(ContentView facts, PaintedElement e) {
        return e.softMask() || alpha(e) < 1.0 || blended(e) || imageSoftMask(facts, e);
    }
}
