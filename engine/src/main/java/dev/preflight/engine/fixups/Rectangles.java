package dev.preflight.engine.fixups;

import org.apache.pdfbox.pdmodel.common.PDRectangle;

/** Rectangle arithmetic the page-geometry fixups share. */
final class Rectangles {

    private Rectangles() {
    }

    /** The overlap of {@code a} and {@code b}; {@code b} itself when {@code a} is null or they do not overlap. */
    static PDRectangle intersect(PDRectangle a, PDRectangle b) {
        if (a == null) {
            return b;
        }
        float llx = Math.max(a.getLowerLeftX(), b.getLowerLeftX());
        float lly = Math.max(a.getLowerLeftY(), b.getLowerLeftY());
        float urx = Math.min(a.getUpperRightX(), b.getUpperRightX());
        float ury = Math.min(a.getUpperRightY(), b.getUpperRightY());
        if (urx <= llx || ury <= lly) {
            return b;
        }
        return new PDRectangle(llx, lly, urx - llx, ury - lly);
    }
}
