package dev.preflight.engine.view;

/**
 * How alike two renders of a page are (see {@link PageDiff}).
 *
 * @param ssim           mean structural similarity of the luminance, -1 to 1 (1 = identical)
 * @param diffPixelCount pixels the diff image marks (green, red or amber)
 * @param totalPixels    pixels compared: {@code width * height}
 * @param width          columns of the comparison canvas (the wider render's)
 * @param height         rows of the comparison canvas (the taller render's)
 */
public record PageComparison(double ssim, long diffPixelCount, long totalPixels, int width, int height) {
}
