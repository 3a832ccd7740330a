package dev.preflight.engine.fixups;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The trim drawn by crop marks: short thin horizontal and vertical strokes found by the engine's facts. A vertical
 * mark's x is a trim edge when marks at that x stand both below and above the rest (at the bottom and top corners);
 * likewise a horizontal mark's y with marks left and right.
 */
final class CropMarks {

    /** Thickest stroke box that still counts as a hairline mark, and the length range of a mark, in points. */
    private static final double THIN = 1.5;
    private static final double MIN_LENGTH = 4;
    private static final double MAX_LENGTH = 72;

    private CropMarks() {
    }

    /** The trim the page's crop marks show, or null when they do not show one. */
    static Box trim(PageFacts page) {
        Map<Long, List<double[]>> vertical = new TreeMap<>();
        Map<Long, List<double[]>> horizontal = new TreeMap<>();
        for (PaintedElement e : page.elements()) {
            if (!e.kind().isPath() || e.stroke() == null || !e.visible()) {
                continue;
            }
            for (Box b : e.parts().isEmpty() ? List.of(e.bbox()) : e.parts()) {
                double w = b.x1() - b.x0();
                double h = b.y1() - b.y0();
                if (w <= THIN && h >= MIN_LENGTH && h <= MAX_LENGTH) {
                    vertical.computeIfAbsent(Math.round((b.x0() + b.x1()) * 5), k -> new ArrayList<>())
                            .add(new double[] {b.y0(), b.y1()});
                } else if (h <= THIN && w >= MIN_LENGTH && w <= MAX_LENGTH) {
                    horizontal.computeIfAbsent(Math.round((b.y0() + b.y1()) * 5), k -> new ArrayList<>())
                            .add(new double[] {b.x0(), b.x1()});
                }
            }
        }
        double[] xs = edges(vertical);
        double[] ys = edges(horizontal);
        if (xs == null || ys == null) {
            return null;
        }
        return new Box(xs[0], ys[0], xs[1], ys[1]);
    }

    /**
     * The lowest and highest coordinate whose marks lie on both sides of a gap at least as long as the marks: the
     * two trim edges along that axis, or null.
     */
    private static double[] edges(Map<Long, List<double[]>> marks) {
        List<Double> found = new ArrayList<>();
        for (Map.Entry<Long, List<double[]>> m : marks.entrySet()) {
            double lo = Double.MAX_VALUE;
            double hi = -Double.MAX_VALUE;
            double longest = 0;
            for (double[] r : m.getValue()) {
                lo = Math.min(lo, r[1]);
                hi = Math.max(hi, r[0]);
                longest = Math.max(longest, r[1] - r[0]);
            }
            if (hi - lo > 2 * longest) {
                found.add(m.getKey() / 10.0);
            }
        }
        if (found.size() < 2) {
            return null;
        }
        double a = found.get(0);
        double b = found.get(found.size() - 1);
        return b - a > MAX_LENGTH ? new double[] {a, b} : null;
    }
}
