package dev.preflight.engine.view;

/**
 * One region of a page whose ink is above the TAC limit (see {@link TacRuns}).
 *
 * @param x0      left edge, points from the displayed page's left edge
 * @param y0      top edge, points down from the displayed page's top edge
 * @param x1      right edge (points, same origin)
 * @param y1      bottom edge (points, same origin)
 * @param meanTac mean total ink over the region's pixels, percent (one decimal)
 * @param limit   the limit the region exceeds, percent
 * @param exceeds true: every pixel of a run is above the limit (kept so runs from other sources can say false)
 * @param pixels  pixels in the region, the measure runs are sorted by
 */
public record TacRun(double x0, double y0, double x1, double y1, double meanTac, double limit, boolean exceeds,
                     long pixels) {
}
