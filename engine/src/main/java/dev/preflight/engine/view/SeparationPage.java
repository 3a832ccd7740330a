package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;

import java.util.List;

/**
 * Every separation of one rendered page. Ghostscript renders the page's CropBox (clipped to the MediaBox) turned
 * by /Rotate, so the planes are in displayed orientation; {@link #toPdf} maps pixels back to PDF points.
 *
 * @param pageNum  1-based page
 * @param dpi      render resolution
 * @param width    pixels per row
 * @param height   rows
 * @param channels process inks first (Cyan, Magenta, Yellow, Black), then spots by name
 * @param geometry the page's boxes and rotation
 */
public record SeparationPage(int pageNum, int dpi, int width, int height, List<Channel> channels,
                             PageGeometry geometry) {

    /** Process ink names in plate order. */
    public static final List<String> PROCESS_INKS = List.of("Cyan", "Magenta", "Yellow", "Black");

    public SeparationPage {
        channels = List.copyOf(channels);
    }

    /** The channel of that name, or null. */
    public Channel channel(String name) {
        return channels.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    /**
     * The PDF-space rectangle (points, origin bottom-left of user space) covered by a pixel rectangle.
     *
     * @param px0 left pixel column (inclusive)
     * @param py0 top pixel row (inclusive)
     * @param px1 right pixel column (exclusive)
     * @param py1 bottom pixel row (exclusive)
     */
    public Box toPdf(int px0, int py0, int px1, int py1) {
        double[] a = toPdf((double) px0, (double) py0);
        double[] b = toPdf((double) px1, (double) py1);
        return new Box(a[0], a[1], b[0], b[1]);
    }

    /**
     * The pixel (column, row) holding a PDF point (points, origin bottom-left of user space), for densitometer
     * readings; null when the point lies outside the rendered page.
     */
    public int[] toPixel(double x, double y) {
        Box crop = geometry.cropBox();
        double[] uv = switch (geometry.rotation()) {
            case 90 -> new double[] {y - crop.y0(), crop.x1() - x};
            case 180 -> new double[] {crop.x1() - x, crop.y1() - y};
            case 270 -> new double[] {crop.y1() - y, x - crop.x0()};
            default -> new double[] {x - crop.x0(), y - crop.y0()};
        };
        double scale = dpi / 72.0;
        int px = (int) Math.floor(uv[0] * scale);
        int py = (int) Math.floor(height - uv[1] * scale);
        if (px < 0 || py < 0 || px >= width || py >= height) {
            return null;
        }
        return new int[] {px, py};
    }

    /**
     * The PDF point at a raster position (pixel edges, top-left origin). Ghostscript anchors the bottom-left
     * corner of the displayed page at the bottom-left corner of the raster, so a fraction of a pixel left over
     * by the page size ends up in the top row and is measured from the bottom.
     */
    public double[] toPdf(double px, double py) {
        double scale = 72.0 / dpi;
        double u = px * scale;
        double v = (height - py) * scale;
        Box crop = geometry.cropBox();
        return switch (geometry.rotation()) {
            case 90 -> new double[] {crop.x1() - v, crop.y0() + u};
            case 180 -> new double[] {crop.x1() - u, crop.y1() - v};
            case 270 -> new double[] {crop.x0() + v, crop.y1() - u};
            default -> new double[] {crop.x0() + u, crop.y0() + v};
        };
    }
}
