package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.util.Matrix;

/** Matrix and box arithmetic of the page walk: boxes through a CTM, a matrix's scales, overlaps, rounding. */
final class Geometry {

    private Geometry() {
    }

    /**
     * The common part of two boxes; unlike {@link Box#intersection} it keeps zero-width or zero-height results
     * (hairlines and rules have no area but are painted). Null when they do not meet, or meet only at an edge of a
     * box with area.
     */
    static Box overlap(Box a, Box b) {
        double x0 = Math.max(a.x0(), b.x0());
        double y0 = Math.max(a.y0(), b.y0());
        double x1 = Math.min(a.x1(), b.x1());
        double y1 = Math.min(a.y1(), b.y1());
        if (x0 > x1 || y0 > y1) {
            return null;
        }
        boolean degenerate = a.width() == 0 || a.height() == 0;
        if (!degenerate && (x0 == x1 || y0 == y1)) {
            return null;
        }
        return new Box(x0, y0, x1, y1);
    }

    static double round3(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }

    /** Singular values {max, min} of the linear part [a b; c d] of a PDF matrix: its largest and smallest scale. */
    static double[] singularValues(double a, double b, double c, double d) {
        double s = a * a + b * b + c * c + d * d;
        double det = a * d - b * c;
        double disc = Math.sqrt(Math.max(0, s * s - 4 * det * det));
        return new double[] {Math.sqrt(Math.max(0, (s + disc) / 2)), Math.sqrt(Math.max(0, (s - disc) / 2))};
    }

    /** Singular values {max, min} of a matrix's linear part. */
    static double[] singularValues(Matrix m) {
        return singularValues(m.getValue(0, 0), m.getValue(0, 1), m.getValue(1, 0), m.getValue(1, 1));
    }

    /** True when the matrix maps axis-aligned rectangles to axis-aligned rectangles (no skew, quarter turns only). */
    static boolean isAxisAligned(Matrix m) {
        double b = m.getValue(0, 1);
        double c = m.getValue(1, 0);
        double a = m.getValue(0, 0);
        double d = m.getValue(1, 1);
        return (Math.abs(b) < 1e-9 && Math.abs(c) < 1e-9) || (Math.abs(a) < 1e-9 && Math.abs(d) < 1e-9);
    }

    /** The bounding box of a rectangle mapped through a matrix, or null when a corner is not finite. */
    static Box transformBox(Matrix m, double x0, double y0, double x1, double y1) {
        double a = m.getValue(0, 0);
        double b = m.getValue(0, 1);
        double c = m.getValue(1, 0);
        double d = m.getValue(1, 1);
        double e = m.getValue(2, 0);
        double f = m.getValue(2, 1);
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        double[] xs = {x0, x1, x1, x0};
        double[] ys = {y0, y0, y1, y1};
        for (int i = 0; i < 4; i++) {
            double px = a * xs[i] + c * ys[i] + e;
            double py = b * xs[i] + d * ys[i] + f;
            minX = Math.min(minX, px);
            maxX = Math.max(maxX, px);
            minY = Math.min(minY, py);
            maxY = Math.max(maxY, py);
        }
        if (!Double.isFinite(minX) || !Double.isFinite(maxX) || !Double.isFinite(minY) || !Double.isFinite(maxY)) {
            return null;
        }
        return new Box(minX, minY, maxX, maxY);
    }
}
