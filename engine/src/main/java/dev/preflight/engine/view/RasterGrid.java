package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;

/**
 * The pixel grid of a page rendered at a resolution, shared by RGB tiles and Ghostscript separations so that a
 * pixel of one is the same pixel of the other.
 *
 * <p>The grid covers the displayed page: the CropBox (clipped to the MediaBox) turned by /Rotate. Each side has
 * {@code round(points * dpi / 72)} pixels (halves round up) and the page's bottom-left corner sits on the grid's
 * bottom-left corner; the fraction of a pixel left over by rounding falls in the top row. This is exactly how
 * Ghostscript lays out a page rendered with {@code -dUseCropBox}, which is why tiles use it too.
 *
 * <p>Three coordinate systems appear in the viewer, and this type converts between them:
 * <ul>
 *   <li><b>PDF points</b> (origin lower-left): the page's default user space, the coordinates of its boxes and
 *       of findings' {@code bbox}. Regions, densitometer and sample positions, and OCR word boxes use them.</li>
 *   <li><b>Pixels</b>: columns left to right, rows top to bottom of the displayed page.</li>
 *   <li><b>Displayed points</b> (origin top-left): pixels times {@code 72 / dpi}; TAC runs use them, so a run
 *       can be drawn over a tile by scaling alone.</li>
 * </ul>
 *
 * @param geometry the page's boxes and rotation
 * @param dpi      resolution, pixels per inch
 * @param width    columns
 * @param height   rows
 */
public record RasterGrid(PageGeometry geometry, int dpi, int width, int height) {

    public RasterGrid {
        if (dpi < 1) {
            throw new IllegalArgumentException("dpi must be positive");
        }
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("a grid needs at least one pixel");
        }
    }

    /** The grid of a page at a resolution. */
    public static RasterGrid of(PageGeometry page, int dpi) {
        if (dpi < 1) {
            throw new IllegalArgumentException("dpi must be positive");
        }
        return new RasterGrid(page, dpi, side(page.widthPts(), dpi), side(page.heightPts(), dpi));
    }

    /** Pixels along a side of {@code points}: rounded to nearest, halves up, at least one. */
    static int side(double points, int dpi) {
        return (int) Math.max(1, Math.floor(points * dpi / 72.0 + 0.5));
    }

    /** Pixels in the whole grid. */
    public long pixels() {
        return (long) width * height;
    }

    /** Pixels per point. */
    public double scale() {
        return dpi / 72.0;
    }

    /**
     * A PDF point (points, origin lower-left of user space) as a raster position: {@code [column, row]} in pixel
     * units, fractional, top-left origin; values outside {@code [0, width] x [0, height]} lie off the page.
     */
    public double[] toRaster(double x, double y) {
        Box crop = geometry.cropBox();
        // (u, v): points right from the displayed page's left edge and up from its bottom edge
        double[] uv = switch (geometry.rotation()) {
            case 90 -> new double[] {y - crop.y0(), crop.x1() - x};
            case 180 -> new double[] {crop.x1() - x, crop.y1() - y};
            case 270 -> new double[] {crop.y1() - y, x - crop.x0()};
            default -> new double[] {x - crop.x0(), y - crop.y0()};
        };
        double s = scale();
        return new double[] {uv[0] * s, height - uv[1] * s};
    }

    /** The raster position {@code [column, row]} (fractional, top-left origin) as a PDF point in user space. */
    public double[] toPdf(double column, double row) {
        double s = scale();
        double u = column / s;
        double v = (height - row) / s;
        Box crop = geometry.cropBox();
        return switch (geometry.rotation()) {
            case 90 -> new double[] {crop.x1() - v, crop.y0() + u};
            case 180 -> new double[] {crop.x1() - u, crop.y1() - v};
            case 270 -> new double[] {crop.x0() + v, crop.y1() - u};
            default -> new double[] {crop.x0() + u, crop.y0() + v};
        };
    }

    /**
     * The pixel {@code [column, row]} holding a PDF point, or null when the point lies off the displayed page. A
     * point on the page but in the sliver of a pixel that rounding left off the grid (at the top or right edge)
     * maps to the nearest edge pixel.
     */
    public int[] pixelAt(double x, double y) {
        double[] r = toRaster(x, y);
        double s = scale();
        double eps = 1e-9;
        if (r[0] < -eps || r[0] > geometry.widthPts() * s + eps || r[1] > height + eps
                || r[1] < height - geometry.heightPts() * s - eps) {
            return null;
        }
        int px = (int) Math.max(0, Math.min(width - 1, Math.floor(r[0])));
        int py = (int) Math.max(0, Math.min(height - 1, Math.floor(r[1])));
        return new int[] {px, py};
    }

    /**
     * The pixels covering a rectangle of PDF points: every pixel the rectangle touches, clipped to the grid; null
     * when the rectangle does not overlap the page.
     */
    public PixelRect cover(Box region) {
        double[][] corners = {toRaster(region.x0(), region.y0()), toRaster(region.x1(), region.y0()),
                toRaster(region.x0(), region.y1()), toRaster(region.x1(), region.y1())};
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (double[] c : corners) {
            minX = Math.min(minX, c[0]);
            maxX = Math.max(maxX, c[0]);
            minY = Math.min(minY, c[1]);
            maxY = Math.max(maxY, c[1]);
        }
        // a hair of tolerance keeps a region drawn exactly on pixel edges from spilling into the next pixel
        int x0 = (int) Math.max(0, Math.floor(minX + 1e-9));
        int y0 = (int) Math.max(0, Math.floor(minY + 1e-9));
        int x1 = (int) Math.min(width, Math.ceil(maxX - 1e-9));
        int y1 = (int) Math.min(height, Math.ceil(maxY - 1e-9));
        if (x1 <= x0 || y1 <= y0) {
            return null;
        }
        return new PixelRect(x0, y0, x1 - x0, y1 - y0);
    }

    /** The whole grid as a pixel rectangle. */
    public PixelRect full() {
        return new PixelRect(0, 0, width, height);
    }

    /** The PDF-space rectangle (points, origin lower-left) covered by a pixel rectangle. */
    public Box toPdf(PixelRect rect) {
        double[] a = toPdf(rect.x(), rect.y());
        double[] b = toPdf(rect.x() + rect.width(), rect.y() + rect.height());
        return new Box(a[0], a[1], b[0], b[1]);
    }
}
