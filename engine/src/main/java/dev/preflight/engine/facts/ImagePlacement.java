package dev.preflight.engine.facts;

/**
 * One placement of an image on a page.
 *
 * @param imageObjectId  key into {@link DocumentFacts#images()} (object reference, or "inline:p<page>:<n>")
 * @param ppiX           effective horizontal resolution (image width / placed width in inches)
 * @param ppiY           effective vertical resolution
 * @param placedWidthPt  width of the placement on the page, in points
 * @param placedHeightPt height of the placement on the page, in points
 */
public record ImagePlacement(String imageObjectId, double ppiX, double ppiY, double placedWidthPt,
                             double placedHeightPt) {

    /** GWG D0018: the smaller axis wins. */
    public double effectivePpi() {
        return Math.min(ppiX, ppiY);
    }
}
