package dev.preflight.engine.barcodes;

import com.google.zxing.common.BitMatrix;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds what looks like a linear barcode in a binarised page: a run of many parallel bars, the same bars crossing
 * several scan lines a fraction of a millimetre apart. Text does not qualify: its strokes do not line up from one
 * scan line to the next over that height.
 */
final class BarFinder {

    /** Fewest bars a run must have (EAN-8, the shortest code read, has 22). */
    static final int MIN_BARS = 12;
    /** Fewest scan lines the bars must cross. */
    static final int MIN_LINES = 5;

    private final BitMatrix matrix;
    private final int step;
    private final int maxElement;
    private final double tolerance;

    /**
     * @param step       pixels between scan lines
     * @param maxElement widest bar or space, pixels
     */
    BarFinder(BitMatrix matrix, int step, int maxElement) {
        this.matrix = matrix;
        this.step = Math.max(1, step);
        this.maxElement = Math.max(2, maxElement);
        // bars at a slight angle move a little from one scan line to the next
        this.tolerance = Math.max(1.5, step * 0.2);
    }

    /** Regions as pixel rectangles {x0, y0, x1, y1}: bars across rows, then bars across columns. */
    List<int[]> find() {
        var out = new ArrayList<int[]>();
        out.addAll(scan(false));
        for (int[] r : scan(true)) {
            out.add(new int[] {r[1], r[0], r[3], r[2]});
        }
        return out;
    }

    private record Segment(int line, List<int[]> bars) {
        int from() {
            return bars.getFirst()[0];
        }

        int to() {
            return bars.getLast()[1];
        }
    }

    /** Scans rows (or columns when transposed); rectangles come back in scan coordinates {along, line, ...}. */
    private List<int[]> scan(boolean transposed) {
        int along = transposed ? matrix.getHeight() : matrix.getWidth();
        int lines = transposed ? matrix.getWidth() : matrix.getHeight();
        var regions = new ArrayList<int[]>();
        List<List<Segment>> open = new ArrayList<>();
        for (int line = step / 2; line < lines; line += step) {
            List<Segment> segments = segments(line, along, transposed);
            var next = new ArrayList<List<Segment>>();
            var used = new boolean[segments.size()];
            for (List<Segment> chain : open) {
                Segment last = chain.getLast();
                boolean extended = false;
                for (int i = 0; i < segments.size(); i++) {
                    if (!used[i] && matches(last, segments.get(i))) {
                        var longer = new ArrayList<>(chain);
                        longer.add(segments.get(i));
                        next.add(longer);
                        used[i] = true;
                        extended = true;
                        break;
                    }
                }
                if (!extended) {
                    close(chain, regions);
                }
            }
            for (int i = 0; i < segments.size(); i++) {
                if (!used[i]) {
                    next.add(List.of(segments.get(i)));
                }
            }
            open = next;
        }
        open.forEach(chain -> close(chain, regions));
        return regions;
    }

    private void close(List<Segment> chain, List<int[]> regions) {
        if (chain.size() < MIN_LINES) {
            return;
        }
        int from = Integer.MAX_VALUE;
        int to = 0;
        for (Segment s : chain) {
            from = Math.min(from, s.from());
            to = Math.max(to, s.to());
        }
        regions.add(new int[] {from, chain.getFirst().line() - step / 2, to, chain.getLast().line() + step / 2});
    }

    /** Two segments on neighbouring lines are the same bars when nearly all their bars line up. */
    private boolean matches(Segment a, Segment b) {
        int overlap = Math.min(a.to(), b.to()) - Math.max(a.from(), b.from());
        int span = Math.max(a.to() - a.from(), b.to() - b.from());
        if (overlap < 0.7 * span) {
            return false;
        }
        int matched = 0;
        int j = 0;
        for (int[] bar : a.bars()) {
            while (j < b.bars().size() && b.bars().get(j)[1] < bar[0] - tolerance) {
                j++;
            }
            if (j < b.bars().size() && Math.abs(b.bars().get(j)[0] - bar[0]) <= tolerance
                    && Math.abs(b.bars().get(j)[1] - bar[1]) <= tolerance) {
                matched++;
            }
        }
        return matched >= 0.85 * a.bars().size();
    }

    /** Runs of at least MIN_BARS dark bars, no bar or space wider than the widest element, along one line. */
    private List<Segment> segments(int line, int along, boolean transposed) {
        var out = new ArrayList<Segment>();
        var bars = new ArrayList<int[]>();
        int pos = 0;
        while (pos < along) {
            boolean dark = get(pos, line, transposed);
            int end = pos;
            while (end < along && get(end, line, transposed) == dark) {
                end++;
            }
            int w = end - pos;
            if (dark) {
                if (w > maxElement) {
                    flush(bars, line, out);
                } else {
                    bars.add(new int[] {pos, end});
                }
            } else if (w > maxElement) {
                flush(bars, line, out);
            }
            pos = end;
        }
        flush(bars, line, out);
        return out;
    }

    private static void flush(List<int[]> bars, int line, List<Segment> out) {
        if (bars.size() >= MIN_BARS) {
            out.add(new Segment(line, List.copyOf(bars)));
        }
        bars.clear();
    }

    private boolean get(int along, int line, boolean transposed) {
        return transposed ? matrix.get(line, along) : matrix.get(along, line);
    }
}
