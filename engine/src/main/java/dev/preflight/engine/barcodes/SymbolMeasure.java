package dev.preflight.engine.barcodes;

import com.google.zxing.Result;
import com.google.zxing.ResultPoint;
import com.google.zxing.qrcode.detector.FinderPattern;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Measures one decoded symbol on the rendered page: its frame (an oriented rectangle in pixels), module width, bar
 * heights, quiet zones and reflectances. Edges are where the luminance crosses halfway between the symbol's bars
 * and spaces, interpolated between pixel centres, so lengths come out to a tenth of a pixel or so.
 */
final class SymbolMeasure {

    private static final double STEP = 0.25;

    /** An oriented rectangle in pixels: {@code origin + t*u + s*v} for t in [0, w], s in [0, h]. */
    record Frame(double ox, double oy, double ux, double uy, double vx, double vy, double w, double h) {

        double[] at(double t, double s) {
            return new double[] {ox + t * ux + s * vx, oy + t * uy + s * vy};
        }

        double[][] corners() {
            return new double[][] {at(0, 0), at(w, 0), at(0, h), at(w, h)};
        }
    }

    /** What was measured, in pixels. */
    record Measured(Frame frame, double modules, double xPx, Double barHeightPx, List<Side> sides,
                    double barReflectance, double spaceReflectance, double skew) {
    }

    /**
     * One quiet zone: the band it covers, in the frame's coordinates, and the clear distance found.
     *
     * @param t0 the zone's extent along u (may be negative: before the symbol)
     */
    record Side(String name, int requiredModules, double clearModules, double t0, double t1, double s0, double s1) {
    }

    private final PageRaster raster;
    private double lBar;
    private double lSpace;

    SymbolMeasure(PageRaster raster) {
        this.raster = raster;
    }

    /** Measures a decoded symbol; null when its points are too few to place it. */
    Measured measure(Result result, Symbology symbology) {
        ResultPoint[] pts = result.getResultPoints();
        if (pts == null || pts.length < 2) {
            return null;
        }
        return symbology.linear() ? linear(pts, symbology) : matrix(pts, symbology);
    }

    private Measured linear(ResultPoint[] pts, Symbology sym) {
        // ZXing's points are in continuous pixel coordinates already (a pixel i spans [i, i + 1])
        double x0 = pts[0].getX();
        double y0 = pts[0].getY();
        double dx = pts[1].getX() - pts[0].getX();
        double dy = pts[1].getY() - pts[0].getY();
        double len = Math.hypot(dx, dy);
        if (len < 4) {
            return null;
        }
        Measured first = linear(x0, y0, dx / len, dy / len, len, sym);
        if (first == null || Math.abs(first.skew()) < 1e-3) {
            return first;
        }
        // ZXing reads along a pixel row; a code printed at a slight angle is measured again across its bars
        double c = Math.cos(first.skew());
        double s = Math.sin(first.skew());
        double ux = dx / len * c - dy / len * s;
        double uy = dx / len * s + dy / len * c;
        Measured second = linear(x0, y0, ux, uy, len * c, sym);
        return second == null ? first : second;
    }

    private Measured linear(double x0, double y0, double ux, double uy, double len, Symbology sym) {
        double vx = -uy;
        double vy = ux;
        levels(x0, y0, ux, uy, 0, len);
        List<double[]> inner = runs(x0, y0, ux, uy, 0, len);
        double xn = sym.guardSpanModules() > 0 ? len / sym.guardSpanModules() : narrowest(inner, 0, len);
        double margin = 16 * xn + 4;
        List<double[]> dark = runs(x0, y0, ux, uy, -margin, len + margin);
        if (dark.isEmpty()) {
            return null;
        }
        int first = 0;
        while (first < dark.size() - 1 && dark.get(first)[1] < -0.5 * xn) {
            first++;
        }
        while (first > 0 && dark.get(first)[0] - dark.get(first - 1)[1] <= 3.5 * xn) {
            first--;
        }
        int last = dark.size() - 1;
        while (last > first && dark.get(last)[0] > len + 0.5 * xn) {
            last--;
        }
        while (last < dark.size() - 1 && dark.get(last + 1)[0] - dark.get(last)[1] <= 3.5 * xn) {
            last++;
        }
        double e0 = dark.get(first)[0];
        double e1 = dark.get(last)[1];
        double width = e1 - e0;
        int bars = last - first + 1;
        double modules;
        double xPx;
        if (sym.fixedModules() > 0) {
            modules = sym.fixedModules();
            xPx = width / modules;
        } else if (sym == Symbology.CODE_128 && bars > 4 && (bars - 4) % 3 == 0) {
            // every Code 128 character has three bars in 11 modules, the stop pattern four bars in 13
            modules = 11.0 * (bars - 4) / 3 + 13;
            xPx = width / modules;
        } else {
            xPx = narrowMean(dark.subList(first, last + 1), xn);
            modules = width / xPx;
        }
        // bar heights: walk along each bar from the scan line both ways to where it ends
        double[] up = new double[bars];
        double[] down = new double[bars];
        double reach = 3 * width + 40;
        var barRefl = new ArrayList<Double>();
        var spaceRefl = new ArrayList<Double>();
        for (int i = 0; i < bars; i++) {
            double[] r = dark.get(first + i);
            double c = (r[0] + r[1]) / 2;
            double cx = x0 + c * ux;
            double cy = y0 + c * uy;
            up[i] = extent(cx, cy, vx, vy, reach);
            down[i] = extent(cx, cy, -vx, -vy, reach);
            barRefl.add(raster.redReflectance(cx, cy));
            if (i > 0) {
                double s = (dark.get(first + i - 1)[1] + r[0]) / 2;
                spaceRefl.add(raster.redReflectance(x0 + s * ux, y0 + s * uy));
            }
        }
        double medUp = median(up);
        double medDown = median(down);
        double maxUp = Arrays.stream(up).max().orElse(0);
        double maxDown = Arrays.stream(down).max().orElse(0);
        addQuietSamples(spaceRefl, x0 + (e0 - 2 * xPx) * ux, y0 + (e0 - 2 * xPx) * uy);
        addQuietSamples(spaceRefl, x0 + (e1 + 2 * xPx) * ux, y0 + (e1 + 2 * xPx) * uy);
        var frame = new Frame(x0 + e0 * ux - maxDown * vx, y0 + e0 * uy - maxDown * vy, ux, uy, vx, vy, width,
                maxUp + maxDown);
        // the quiet zones span the data bars' height (EAN/UPC digits sit below the bars, beside the guards)
        double s0 = maxDown - medDown;
        double s1 = maxDown + medUp;
        var sides = List.of(
                side(frame, "left", sym.quietLeft(), xPx, 0, -1, s0, s1),
                side(frame, "right", sym.quietRight(), xPx, width, 1, s0, s1));
        return new Measured(frame, modules, xPx, medUp + medDown, sides, median(barRefl), median(spaceRefl),
                skew(x0, y0, ux, uy, vx, vy, e0, xPx, up[0], down[0]));
    }

    /**
     * The angle between the scan line's normal and the bars: the first bar's leading edge found on two lines
     * above and below the scan line, radians (positive turns u towards v).
     */
    private double skew(double x0, double y0, double ux, double uy, double vx, double vy, double e0, double xPx,
                        double up, double down) {
        double a = 0.6 * up;
        double b = -0.6 * down;
        if (a - b < 4) {
            return 0;
        }
        Double ea = leadingEdge(x0 + a * vx, y0 + a * vy, ux, uy, e0, 4 * xPx);
        Double eb = leadingEdge(x0 + b * vx, y0 + b * vy, ux, uy, e0, 4 * xPx);
        if (ea == null || eb == null) {
            return 0;
        }
        return -Math.atan2(ea - eb, a - b);
    }

    /** The start of the dark run nearest to {@code near} along a line, within a window. */
    private Double leadingEdge(double x, double y, double ux, double uy, double near, double window) {
        Double best = null;
        for (double[] r : runs(x, y, ux, uy, near - window, near + window)) {
            if (best == null || Math.abs(r[0] - near) < Math.abs(best - near)) {
                best = r[0];
            }
        }
        return best;
    }

    private Measured matrix(ResultPoint[] pts, Symbology sym) {
        Frame frame;
        double xPx;
        double modules;
        if (sym == Symbology.QR_CODE && pts.length >= 3) {
            ResultPoint bl = pts[0];
            ResultPoint tl = pts[1];
            ResultPoint tr = pts[2];
            double du = ResultPoint.distance(tl, tr);
            double dv = ResultPoint.distance(tl, bl);
            double ux = (tr.getX() - tl.getX()) / du;
            double uy = (tr.getY() - tl.getY()) / du;
            double vx = (bl.getX() - tl.getX()) / dv;
            double vy = (bl.getY() - tl.getY()) / dv;
            // the finder pattern's centre is a dark square three modules wide
            double cx = tl.getX();
            double cy = tl.getY();
            levels(cx - 5 * du / 25 * ux, cy - 5 * du / 25 * uy, ux, uy, 0, 10 * du / 25);
            double est = (extent(cx, cy, ux, uy, du) + extent(cx, cy, -ux, -uy, du)) / 3;
            if (tl instanceof FinderPattern f && (est <= 0 || Double.isNaN(est))) {
                est = f.getEstimatedModuleSize();
            }
            modules = Math.round(du / est) + 7;
            xPx = du / (modules - 7);
            double ox = tl.getX() - 3.5 * xPx * (ux + vx);
            double oy = tl.getY() - 3.5 * xPx * (uy + vy);
            frame = new Frame(ox, oy, ux, uy, vx, vy, du + 7 * xPx, dv + 7 * xPx);
            levels(frame.at(0, frame.h() / 2)[0], frame.at(0, frame.h() / 2)[1], ux, uy, 0, frame.w());
        } else {
            // Data Matrix: ZXing gives the corners; the module comes from the narrowest runs across the middle
            double minX = Double.MAX_VALUE;
            double minY = Double.MAX_VALUE;
            double maxX = -Double.MAX_VALUE;
            double maxY = -Double.MAX_VALUE;
            for (ResultPoint p : pts) {
                minX = Math.min(minX, p.getX());
                minY = Math.min(minY, p.getY());
                maxX = Math.max(maxX, p.getX());
                maxY = Math.max(maxY, p.getY());
            }
            double ux = pts.length >= 4 ? pts[3].getX() - pts[0].getX() : 1;
            double uy = pts.length >= 4 ? pts[3].getY() - pts[0].getY() : 0;
            double angle = Math.atan2(uy, ux);
            // snap to the page's axes when the corners say the symbol is upright (within 2 degrees)
            double quarter = Math.round(angle / (Math.PI / 2)) * (Math.PI / 2);
            if (Math.abs(angle - quarter) < Math.toRadians(2)) {
                frame = new Frame(minX, minY, 1, 0, 0, 1, maxX - minX + 1, maxY - minY + 1);
            } else {
                double cx = (minX + maxX) / 2;
                double cy = (minY + maxY) / 2;
                double c = Math.cos(angle);
                double s = Math.sin(angle);
                double side = ResultPoint.distance(pts[0], pts.length >= 4 ? pts[3] : pts[1]) + 1;
                frame = new Frame(cx - side / 2 * (c - s), cy - side / 2 * (s + c), c, s, -s, c, side, side);
            }
            double[] mid = frame.at(0, frame.h() / 2);
            levels(mid[0], mid[1], frame.ux(), frame.uy(), 0, frame.w());
            // ZXing's corners lie up to a module inside the symbol: move each side out to the first clear line
            double reach = frame.w() / 8 + 2;
            double left = beyond(frame, -frame.ux(), -frame.uy(), 0, 0, frame.vx(), frame.vy(), frame.h(), reach);
            double right = beyond(frame, frame.ux(), frame.uy(), frame.w(), 0, frame.vx(), frame.vy(), frame.h(),
                    reach);
            double top = beyond(frame, -frame.vx(), -frame.vy(), 0, 0, frame.ux(), frame.uy(), frame.w(), reach);
            double bottom = beyond(frame, frame.vx(), frame.vy(), 0, frame.h(), frame.ux(), frame.uy(), frame.w(),
                    reach);
            double[] o = frame.at(-left, -top);
            frame = new Frame(o[0], o[1], frame.ux(), frame.uy(), frame.vx(), frame.vy(), frame.w() + left + right,
                    frame.h() + top + bottom);
            mid = frame.at(0, frame.h() / 2);
            List<double[]> across = runs(mid[0], mid[1], frame.ux(), frame.uy(), 0, frame.w());
            xPx = narrowest(across, 0, frame.w());
            modules = Math.round(frame.w() / xPx);
            xPx = frame.w() / modules;
        }
        var barRefl = new ArrayList<Double>();
        var spaceRefl = new ArrayList<Double>();
        for (double f : new double[] {0.3, 0.5, 0.7}) {
            double[] p = frame.at(0, frame.h() * f);
            List<double[]> dark = runs(p[0], p[1], frame.ux(), frame.uy(), 0, frame.w());
            for (int i = 0; i < dark.size(); i++) {
                double c = (dark.get(i)[0] + dark.get(i)[1]) / 2;
                barRefl.add(raster.redReflectance(p[0] + c * frame.ux(), p[1] + c * frame.uy()));
                if (i > 0) {
                    double s = (dark.get(i - 1)[1] + dark.get(i)[0]) / 2;
                    spaceRefl.add(raster.redReflectance(p[0] + s * frame.ux(), p[1] + s * frame.uy()));
                }
            }
        }
        double[] before = frame.at(-Math.min(2, sym.quietLeft()) * xPx / 2, frame.h() / 2);
        addQuietSamples(spaceRefl, before[0], before[1]);
        var sides = List.of(
                side(frame, "left", sym.quietLeft(), xPx, 0, -1, 0, frame.h()),
                side(frame, "right", sym.quietRight(), xPx, frame.w(), 1, 0, frame.h()),
                sideAcross(frame, "top", sym.quietLeft(), xPx, 0, -1),
                sideAcross(frame, "bottom", sym.quietRight(), xPx, frame.h(), 1));
        return new Measured(frame, modules, xPx, null, sides, median(barRefl), median(spaceRefl), 0);
    }

    /**
     * How far a symbol's marks reach beyond one side: the offset of the first line parallel to the side (starting
     * at frame position t, s and running along a, b for the side's length) with no dark sample.
     */
    private double beyond(Frame f, double dx, double dy, double t, double s, double ax, double ay, double length,
                          double reach) {
        double[] start = f.at(t, s);
        for (double d = 0.5; d <= reach; d += 0.5) {
            boolean dark = false;
            for (double k = 0; k <= length && !dark; k += 1) {
                dark = darkness(start[0] + d * dx + k * ax, start[1] + d * dy + k * ay) >= 0.5;
            }
            if (!dark) {
                return Math.max(0, d - 0.5);
            }
        }
        return reach;
    }

    private void addQuietSamples(List<Double> spaces, double x, double y) {
        if (raster.inside(x, y)) {
            spaces.add(raster.redReflectance(x, y));
        }
    }

    /** A quiet zone before (dir -1) or after (dir +1) the symbol along u, over the band s0..s1. */
    private Side side(Frame f, String name, int required, double xPx, double edge, int dir, double s0, double s1) {
        double reach = (required + 2) * xPx;
        double clear = reach;
        // a line every pixel across the band, so that no mark slips between them
        int lines = (int) Math.min(4000, Math.max(7, Math.ceil(s1 - s0)));
        for (int k = 0; k < lines; k++) {
            double s = s0 + (s1 - s0) * (0.02 + 0.96 * k / (lines - 1.0));
            double[] p = f.at(edge, s);
            clear = Math.min(clear, clearance(p[0], p[1], dir * f.ux(), dir * f.uy(), reach));
        }
        double t0 = dir < 0 ? edge - required * xPx : edge;
        double t1 = dir < 0 ? edge : edge + required * xPx;
        return new Side(name, required, clear / xPx, t0, t1, s0, s1);
    }

    /** A quiet zone above (dir -1) or below (dir +1) a 2D symbol along v, over its whole width. */
    private Side sideAcross(Frame f, String name, int required, double xPx, double edge, int dir) {
        double reach = (required + 2) * xPx;
        double clear = reach;
        int lines = (int) Math.min(4000, Math.max(7, Math.ceil(f.w())));
        for (int k = 0; k < lines; k++) {
            double t = f.w() * (0.02 + 0.96 * k / (lines - 1.0));
            double[] p = f.at(t, edge);
            clear = Math.min(clear, clearance(p[0], p[1], dir * f.vx(), dir * f.vy(), reach));
        }
        double s0 = dir < 0 ? edge - required * xPx : edge;
        double s1 = dir < 0 ? edge : edge + required * xPx;
        // encoded as a band across the symbol: t over the width, s over the zone
        return new Side(name, required, clear / xPx, 0, f.w(), s0, s1);
    }

    /** Distance from a symbol edge outward to the first dark mark, up to reach. */
    private double clearance(double x, double y, double dx, double dy, double reach) {
        // start past the symbol's own anti-aliased edge
        for (double t = 1.0; t <= reach; t += STEP) {
            if (darkness(x + t * dx, y + t * dy) >= 0.5) {
                return Math.max(0, t - 0.5);
            }
        }
        return reach;
    }

    /** How far a dark mark continues from a point in a direction (the half-darkness crossing), pixels. */
    private double extent(double x, double y, double dx, double dy, double reach) {
        double prev = darkness(x, y);
        for (double t = STEP; t <= reach; t += STEP) {
            double d = darkness(x + t * dx, y + t * dy);
            if (d < 0.5) {
                return t - STEP + STEP * (prev - 0.5) / Math.max(1e-9, prev - d);
            }
            prev = d;
        }
        return reach;
    }

    /** The luminance of the bars and of the spaces: the 5th and 95th percentiles along a line. */
    private void levels(double x, double y, double ux, double uy, double from, double to) {
        int n = (int) Math.max(2, (to - from) / 0.5);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            double t = from + (to - from) * i / (n - 1);
            v[i] = raster.luminance(x + t * ux, y + t * uy);
        }
        Arrays.sort(v);
        lBar = v[(int) (n * 0.05)];
        lSpace = v[Math.min(n - 1, (int) (n * 0.95))];
        if (lSpace - lBar < 8) {
            lSpace = lBar + 8;
        }
    }

    private double darkness(double x, double y) {
        double d = (lSpace - raster.luminance(x, y)) / (lSpace - lBar);
        return Math.max(0, Math.min(1, d));
    }

    /** Dark runs along a line as [start, end] in pixels from the point, edges at the half-darkness crossings. */
    private List<double[]> runs(double x, double y, double ux, double uy, double from, double to) {
        var out = new ArrayList<double[]>();
        double prevT = from;
        double prev = darkness(x + from * ux, y + from * uy);
        double start = prev >= 0.5 ? from : Double.NaN;
        for (double t = from + STEP; t <= to; t += STEP) {
            double d = darkness(x + t * ux, y + t * uy);
            if (prev < 0.5 && d >= 0.5) {
                start = prevT + STEP * (0.5 - prev) / Math.max(1e-9, d - prev);
            } else if (prev >= 0.5 && d < 0.5) {
                double end = prevT + STEP * (prev - 0.5) / Math.max(1e-9, prev - d);
                out.add(new double[] {start, end});
                start = Double.NaN;
            }
            prev = d;
            prevT = t;
        }
        if (!Double.isNaN(start)) {
            out.add(new double[] {start, to});
        }
        return out;
    }

    /** The width of the narrowest elements (bars and spaces) between from and to: their 15th percentile. */
    private static double narrowest(List<double[]> dark, double from, double to) {
        var widths = new ArrayList<Double>();
        for (int i = 0; i < dark.size(); i++) {
            double[] r = dark.get(i);
            if (r[0] >= from && r[1] <= to) {
                widths.add(r[1] - r[0]);
                if (i > 0) {
                    widths.add(r[0] - dark.get(i - 1)[1]);
                }
            }
        }
        if (widths.isEmpty()) {
            return Math.max(1, (to - from) / 20);
        }
        widths.sort(Double::compare);
        return Math.max(0.5, widths.get((int) (widths.size() * 0.15)));
    }

    /** The mean width of the narrow elements (under 1.6 times the narrowest) of a run of bars. */
    private static double narrowMean(List<double[]> dark, double xn) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < dark.size(); i++) {
            double w = dark.get(i)[1] - dark.get(i)[0];
            if (w < 1.6 * xn) {
                sum += w;
                n++;
            }
            if (i > 0) {
                double g = dark.get(i)[0] - dark.get(i - 1)[1];
                if (g < 1.6 * xn) {
                    sum += g;
                    n++;
                }
            }
        }
        return n == 0 ? xn : sum / n;
    }

    private static double median(double[] values) {
        if (values.length == 0) {
            return 0;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static double median(List<Double> values) {
        return median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
