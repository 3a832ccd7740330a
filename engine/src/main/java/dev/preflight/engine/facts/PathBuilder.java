package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.util.Matrix;

import java.util.Arrays;
import java.util.List;

/**
 * The path under construction, in page space: its bounding box, whether it is a single rectangle, and the first
 * points of a short single subpath, enough to tell a thin filled shape from a wide one. PDFBox's own path is not
 * built: the facts need the box, not the outline.
 */
final class PathBuilder {

    private final PageWalker walker;

    private double minX;
    private double minY;
    private double maxX;
    private double maxY;
    private int points;
    private int ops;
    private int subpaths;
    private boolean curves;
    private boolean rect;
    private final double[] rectCorners = new double[8];
    private final double[] poly = new double[20];
    private int polyN;
    private float curX;
    private float curY;
    private float startX;
    private float startY;

    PathBuilder(PageWalker walker) {
        this.walker = walker;
    }

    void moveTo(List<COSBase> operands) {
        float[] a = begin(operands);
        if (a.length < 2) {
            return;
        }
        subpaths++;
        rect = false;
        curX = startX = a[0];
        curY = startY = a[1];
        addPoint(a[0], a[1]);
        ops++;
    }

    void lineTo(List<COSBase> operands) {
        float[] a = begin(operands);
        if (a.length < 2) {
            return;
        }
        rect = false;
        if (subpaths == 0) {
            subpaths = 1;
            addPoint(curX, curY);
        }
        curX = a[0];
        curY = a[1];
        addPoint(a[0], a[1]);
        ops++;
    }

    void curveTo(List<COSBase> operands) {
        float[] a = begin(operands);
        if (a.length < 6) {
            return;
        }
        rect = false;
        curves = true;
        addPoint(a[0], a[1]);
        addPoint(a[2], a[3]);
        addPoint(a[4], a[5]);
        curX = a[4];
        curY = a[5];
        ops++;
    }

    /** {@code v} or {@code y}: one control point given, the curve ending at the second pair. */
    void curveToReplicatedPoint(List<COSBase> operands) {
        float[] a = begin(operands);
        if (a.length < 4) {
            return;
        }
        rect = false;
        curves = true;
        addPoint(a[0], a[1]);
        addPoint(a[2], a[3]);
        curX = a[2];
        curY = a[3];
        ops++;
    }

    void closePath() {
        begin(List.of());
        curX = startX;
        curY = startY;
        ops++;
    }

    void appendRectangle(List<COSBase> operands) {
        float[] a = begin(operands);
        if (a.length < 4) {
            return;
        }
        boolean first = ops == 0;
        subpaths++;
        int before = points;
        addPoint(a[0], a[1]);
        addPoint(a[0] + a[2], a[1]);
        addPoint(a[0] + a[2], a[1] + a[3]);
        addPoint(a[0], a[1] + a[3]);
        rect = first && points - before == 4;
        if (rect) {
            System.arraycopy(poly, 0, rectCorners, 0, 8);
        }
        curX = startX = a[0];
        curY = startY = a[1];
        ops++;
    }

    /** The operands as numbers, and a fresh path when none is under construction. */
    private float[] begin(List<COSBase> operands) {
        float[] a = floats(operands);
        if (ops == 0) {
            clear();
        }
        return a;
    }

    /** The path's box in page space, or null when it has no point; a fresh path starts after it. */
    Box box() {
        if (ops == 0) {
            clear();
        }
        return points == 0 ? null : new Box(minX, minY, maxX, maxY);
    }

    /** True when the path is one rectangle ({@code re} first, nothing after). */
    boolean isRectangle() {
        return rect;
    }

    void clear() {
        points = 0;
        ops = 0;
        subpaths = 0;
        curves = false;
        rect = false;
        polyN = 0;
        minX = Double.POSITIVE_INFINITY;
        minY = Double.POSITIVE_INFINITY;
        maxX = Double.NEGATIVE_INFINITY;
        maxY = Double.NEGATIVE_INFINITY;
    }

    private void addPoint(float x, float y) {
        Matrix m = walker.getGraphicsState().getCurrentTransformationMatrix();
        double px = m.getValue(0, 0) * x + m.getValue(1, 0) * y + m.getValue(2, 0);
        double py = m.getValue(0, 1) * x + m.getValue(1, 1) * y + m.getValue(2, 1);
        if (!Double.isFinite(px) || !Double.isFinite(py)) {
            return;
        }
        if (points == 0) {
            minX = maxX = px;
            minY = maxY = py;
        } else {
            minX = Math.min(minX, px);
            maxX = Math.max(maxX, px);
            minY = Math.min(minY, py);
            maxY = Math.max(maxY, py);
        }
        points++;
        if (subpaths <= 1 && polyN < poly.length) {
            poly[polyN++] = px;
            poly[polyN++] = py;
        }
    }

    /** The smaller side of a rectangle or a four-corner closed path, or the smaller bbox side of a short path; -1. */
    double thinSide() {
        if (rect) {
            double w = Math.hypot(rectCorners[2] - rectCorners[0], rectCorners[3] - rectCorners[1]);
            double h = Math.hypot(rectCorners[6] - rectCorners[0], rectCorners[7] - rectCorners[1]);
            return Math.min(w, h);
        }
        if (subpaths != 1 || curves || points > 8) {
            return -1;
        }
        int n = polyN / 2;
        if (n >= 2 && Math.abs(poly[0] - poly[polyN - 2]) < 1e-6 && Math.abs(poly[1] - poly[polyN - 1]) < 1e-6) {
            n--; // explicit closing point
        }
        if (n == 4) {
            double s1 = Math.hypot(poly[2] - poly[0], poly[3] - poly[1]);
            double s2 = Math.hypot(poly[4] - poly[2], poly[5] - poly[3]);
            double s3 = Math.hypot(poly[6] - poly[4], poly[7] - poly[5]);
            double s4 = Math.hypot(poly[0] - poly[6], poly[1] - poly[7]);
            // a (near) parallelogram: opposite sides equal
            if (Math.abs(s1 - s3) < 0.01 * Math.max(s1, s3) + 1e-3 && Math.abs(s2 - s4) < 0.01 * Math.max(s2, s4)
                    + 1e-3) {
                return Math.min(s1, s2);
            }
        }
        if (n >= 3) {
            return Math.min(maxX - minX, maxY - minY);
        }
        return -1;
    }

    /** The leading numbers of an operand list (a path operator with a non-number operand uses those before it). */
    private static float[] floats(List<COSBase> args) {
        float[] r = new float[args.size()];
        int n = 0;
        for (COSBase b : args) {
            if (b instanceof COSNumber num) {
                r[n++] = num.floatValue();
            } else {
                return Arrays.copyOf(r, n);
            }
        }
        return r;
    }
}
