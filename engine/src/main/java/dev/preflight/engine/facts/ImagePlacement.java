package dev.preflight.engine.facts;

/**
 * One placement of an image on a page.
 *
 * @param imageObjectId  key into {@link DocumentFacts#images()} (object reference, or "inline:p<page>:<n>")
 * @param ppiX           effective horizontal resolution (image width / placed width in inches)
 * @param ppiY           effective vertical resolution
 * @param placedWidthPt  width of the placement on the page, in points
 * @param placedHeightPt height of the placement on the page, in points
 * @param xAxisDeg       direction of the image's bottom edge (its x axis) on the page, degrees counter-clockwise
 *                       in [0, 360); 0 for an upright image
 * @param yAxisDeg       direction of the image's left edge (its y axis), degrees in [0, 360); 90 for an upright
 *                       image (differs from {@code xAxisDeg + 90} when the placement is sheared or mirrored)
 */
public record ImagePlacement(String imageObjectId, double ppiX, double ppiY, double placedWidthPt,
                             double placedHeightPt, double xAxisDeg, double yAxisDeg) {

    /** An upright placement (hand-built facts in tests). */
    public ImagePlacement(String imageObjectId, double ppiX, double ppiY, double placedWidthPt,
                          double placedHeightPt) {
        this(imageObjectId, ppiX, ppiY, placedWidthPt, placedHeightPt, 0, 90);
    }

    /** How far the image's edges lie from the page's axes: the larger axis distance to a multiple of 90 degrees. */
    public double degreesOffAxis() {
        return Math.max(offRightAngle(xAxisDeg), offRightAngle(yAxisDeg));
    }

    private static double offRightAngle(double deg) {
        double r = ((deg % 90) + 90) % 90;
        return Math.min(r, 90 - r);
    }

    /** GWG D0018: the smaller axis wins. */
    public double effectivePpi() {
        return Math.min(ppiX, ppiY);
    }
}
