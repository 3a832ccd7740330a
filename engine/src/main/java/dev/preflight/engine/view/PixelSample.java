package dev.preflight.engine.view;

import java.util.List;
import java.util.Locale;

/**
 * The colour picker's reading of one pixel.
 *
 * @param x   the position asked for, PDF points, origin lower-left
 * @param y   the position asked for, PDF points, origin lower-left
 * @param rgb red, green, blue, 0..255, of the RGB tile's pixel
 * @param hex the same as {@code #rrggbb}
 * @param tac total ink of the same pixel in the separation render, percent (one decimal)
 */
public record PixelSample(double x, double y, List<Integer> rgb, String hex, double tac) {

    public PixelSample {
        rgb = List.copyOf(rgb);
    }

    /** A sample from a packed {@code 0xRRGGBB} colour and a TAC. */
    public static PixelSample of(double x, double y, int rgb, double tac) {
        int r = (rgb >> 16) & 0xff;
        int g = (rgb >> 8) & 0xff;
        int b = rgb & 0xff;
        return new PixelSample(x, y, List.of(r, g, b), String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b), tac);
    }
}
