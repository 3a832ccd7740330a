package dev.preflight.engine.view;

/**
 * A rectangle of pixels on a {@link RasterGrid}: columns {@code [x, x + width)}, rows {@code [y, y + height)},
 * top-left origin.
 */
public record PixelRect(int x, int y, int width, int height) {

    public PixelRect {
        if (x < 0 || y < 0 || width < 1 || height < 1) {
            throw new IllegalArgumentException("not a pixel rectangle: " + x + "," + y + " " + width + "x" + height);
        }
    }

    /** Pixels inside. */
    public long pixels() {
        return (long) width * height;
    }
}
