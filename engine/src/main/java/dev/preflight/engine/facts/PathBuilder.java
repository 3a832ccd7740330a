package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.util.Matrix;

import java.util.Arrays;
import java.util.List;

/**
 * The path under construction, in page space: its bounding box, whether it is a single rectangle, the first points
 * of a short single subpath (enough to tell a thin filled shape from a wide one), and the boxes of a few subpaths and
 * segments, so that a path whose marks lie far apart (crop marks at four corners, a frame) is not taken for ink over
 * its whole box. PDFBox's own path is not built: the facts need boxes, not the outline.
 */
final class PathBuilder {

    /** At most this many subpath or segment boxes are kept; a path with more is described by its box alone. */
    static final int MAX_PARTS = 16;

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
    /** The last point added, in page space (valid when {@link #lastValid}). */
    private double lastPx;
    private double lastPy;
    private boolean lastValid;
    /** Current point and start of the current subpath in page space, for segment boxes. */
    private double curPx;
    private double curPy;
    private boolean curValid;
    private double startPx;
    private double startPy;
    private boolean startValid;
    /** The first two distinct points (page space) and whether a later one lies off the line through them. */
    private double areaAx;
    private double areaAy;
    private double areaBx;
    private double areaBy;
    private int distinctPoints;
    private boolean enclosesArea;
    /** Boxes (x0, y0, x1, y1) of the subpaths and of the segments, in page space. */
    private final Parts subpathBoxes = new Parts();
    private final double[] corners = new double[8];
    private final boolean[] cornerValid = new boolean[4];
    private final Parts segmentBoxes = new Parts();

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
        subpathBoxes.begin();
        addPoint(a[0], a[1]);
        startSubpathAtLast();
        ops++;
    }

    void lineTo(List<COSBase> operands) {
        float[] a = begin(operands);
        if (a.length < 2) {
            return;
        }
        rect = false;
        openSubpath();
        curX = a[0];
        curY = a[1];
        addPoint(a[0], a[1]);
        segmentTo();
        ops++;
    }

    void curveTo(List<COSBase> operands) {
        curve(begin(operands), 3);
    }

    /** {@code v} or {@code y}: one control point given, the curve ending at the second pair. */
    void curveToReplicatedPoint(List<COSBase> operands) {
        curve(begin(operands), 2);
    }

    /** A curve through {@code points} coordinate pairs of {@code a}, the last its end; too few operands: nothing. */
    private void curve(float[] a, int points) {
        if (a.length < 2 * points) {
            return;
        }
        rect = false;
        curves = true;
        segmentBoxes.begin();
        segmentBoxes.add(curPx, curPy, curValid);
        for (int i = 0; i < points; i++) {
            addPoint(a[2 * i], a[2 * i + 1]);
            segmentBoxes.add(lastPx, lastPy, lastValid);
        }
        moveCurrentToLast();
        curX = a[2 * points - 2];
        curY = a[2 * points - 1];
        ops++;
    }

    void closePath() {
        begin(List.of());
        if (curValid && startValid && (curPx != startPx || curPy != startPy)) {
            segmentBoxes.begin();
            segmentBoxes.add(curPx, curPy, true);
            segmentBoxes.add(startPx, startPy, true);
        }
        curPx = startPx;
        curPy = startPy;
        curValid = startValid;
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
        subpathBoxes.begin();
        corner(0, a[0], a[1]);
        corner(1, a[0] + a[2], a[1]);
        corner(2, a[0] + a[2], a[1] + a[3]);
        corner(3, a[0], a[1] + a[3]);
        for (int i = 0; i < 4; i++) {
            int j = (i + 1) % 4;
            if (cornerValid[i] && cornerValid[j]) {
                segmentBoxes.begin();
                segmentBoxes.add(corners[2 * i], corners[2 * i + 1], true);
                segmentBoxes.add(corners[2 * j], corners[2 * j + 1], true);
            }
        }
        rect = first && points - before == 4;
        if (rect) {
            System.arraycopy(poly, 0, rectCorners, 0, 8);
        }
        curPx = startPx = corners[0];
        curPy = startPy = corners[1];
        curValid = startValid = cornerValid[0];
        curX = startX = a[0];
        curY = startY = a[1];
        ops++;
    }

    private void corner(int i, float x, float y) {
        addPoint(x, y);
        corners[2 * i] = lastPx;
        corners[2 * i + 1] = lastPy;
        cornerValid[i] = lastValid;
    }

    /** A segment without a {@code m} before it starts a subpath at the current point. */
    private void openSubpath() {
        if (subpaths == 0) {
            subpaths = 1;
            subpathBoxes.begin();
            addPoint(curX, curY);
            startSubpathAtLast();
        }
    }

    private void startSubpathAtLast() {
        curPx = startPx = lastPx;
        curPy = startPy = lastPy;
        curValid = startValid = lastValid;
    }

    /** A straight segment from the current point to the last point added. */
    private void segmentTo() {
        segmentBoxes.begin();
        segmentBoxes.add(curPx, curPy, curValid);
        segmentBoxes.add(lastPx, lastPy, lastValid);
        moveCurrentToLast();
    }

    private void moveCurrentToLast() {
        curPx = lastPx;
        curPy = lastPy;
        curValid = lastValid;
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

    /**
     * False when every point of the path (control points included) lies on one straight line, or there is only one:
     * filled, such a path encloses no area and paints nothing ({@code 0 0 m f}, a rectangle of width 0).
     */
    boolean enclosesArea() {
        return enclosesArea;
    }

    private void noteForArea(double x, double y) {
        if (distinctPoints == 0) {
            areaAx = x;
            areaAy = y;
            distinctPoints = 1;
        } else if (distinctPoints == 1) {
            if (x != areaAx || y != areaAy) {
                areaBx = x;
                areaBy = y;
                distinctPoints = 2;
            }
        } else {
            double dx = areaBx - areaAx;
            double dy = areaBy - areaAy;
            double ex = x - areaAx;
            double ey = y - areaAy;
            double cross = dx * ey - dy * ex;
            // relative to the lengths involved, so that rounding in a transformed straight line is not taken for area
            double scale = (Math.abs(dx) + Math.abs(dy)) * (Math.abs(ex) + Math.abs(ey));
            if (Math.abs(cross) > 1e-9 * scale) {
                enclosesArea = true;
            }
        }
    }

    /** How many subpaths the path has ({@code m} and {@code re} each begin one). */
    int subpathCount() {
        return subpaths;
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
        curValid = false;
        startValid = false;
        lastValid = false;
        distinctPoints = 0;
        enclosesArea = false;
        subpathBoxes.clear();
        segmentBoxes.clear();
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
            lastValid = false;
            return;
        }
        lastPx = px;
        lastPy = py;
        lastValid = true;
        subpathBoxes.add(px, py, true);
        if (!enclosesArea) {
            noteForArea(px, py);
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

    /**
     * Where the path can put ink when its box says little: the boxes of its segments (for a stroke, each grown by
     * {@code grow}, half the line width) or of its subpaths (for a fill), when there are 2 to {@link #MAX_PARTS} of
     * them and together they cover less than half of the path's box. Empty otherwise: the box is then the answer.
     * Every point a fill paints lies inside one of its subpaths, and every point a stroke paints within half the
     * line width of one of its segments (a curve inside its control points' box), so the parts hold all the ink.
     */
    List<Box> parts(boolean stroke, double grow) {
        Parts p = stroke ? segmentBoxes : subpathBoxes;
        Box all = box();
        if (all == null || p.overflow || p.count < 2) {
            return List.of();
        }
        var out = new java.util.ArrayList<Box>(p.count);
        double sum = 0;
        for (int i = 0; i < p.count; i++) {
            double[] b = p.boxes;
            if (b[4 * i] > b[4 * i + 2]) {
                continue; // a part with no finite point
            }
            Box part = new Box(b[4 * i] - grow, b[4 * i + 1] - grow, b[4 * i + 2] + grow, b[4 * i + 3] + grow);
            sum += part.area();
            out.add(part);
        }
        double whole = (all.width() + 2 * grow) * (all.height() + 2 * grow);
        return out.size() >= 2 && sum < 0.5 * whole ? List.copyOf(out) : List.of();
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

    /** Up to {@link #MAX_PARTS} boxes, reused from path to path. */
    private static final class Parts {
        final double[] boxes = new double[4 * MAX_PARTS];
        int count;
        boolean overflow;
        private boolean open;

        void clear() {
            count = 0;
            overflow = false;
            open = false;
        }

        /** Starts the next box; past the limit the parts are given up. */
        void begin() {
            if (count >= MAX_PARTS) {
                overflow = true;
                open = false;
                return;
            }
            int i = 4 * count++;
            boxes[i] = Double.POSITIVE_INFINITY;
            boxes[i + 1] = Double.POSITIVE_INFINITY;
            boxes[i + 2] = Double.NEGATIVE_INFINITY;
            boxes[i + 3] = Double.NEGATIVE_INFINITY;
            open = true;
        }

        void add(double x, double y, boolean valid) {
            if (!valid) {
                return;
            }
            if (!open) {
                // a point outside any part (a curve before the first m): the parts would not hold all the ink
                overflow = true;
                return;
            }
            int i = 4 * (count - 1);
            boxes[i] = Math.min(boxes[i], x);
            boxes[i + 1] = Math.min(boxes[i + 1], y);
            boxes[i + 2] = Math.max(boxes[i + 2], x);
            boxes[i + 3] = Math.max(boxes[i + 3], y);
        }
    }
}
