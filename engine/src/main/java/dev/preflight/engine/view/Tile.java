package dev.preflight.engine.view;

import dev.preflight.engine.Box;

/**
 * A rendered tile as PNG.
 *
 * @param png    the PNG file
 * @param width  pixels per row
 * @param height rows
 * @param dpi    resolution
 * @param pixels where the tile lies on the page's {@link RasterGrid} (the whole grid unless a region was asked for)
 * @param area   the PDF-space rectangle the tile shows (points, origin lower-left); a region is widened to whole
 *               pixels, so this can be slightly larger than the region asked for
 */
public record Tile(byte[] png, int width, int height, int dpi, PixelRect pixels, Box area) {
}
