package dev.preflight.engine.view;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Where a page's ink is above a TAC limit, as regions a viewer can outline.
 *
 * <p><b>Definition.</b> A pixel is above the limit when its total ink, the sum of all separations (process and
 * spot, 0 to 100 % each, as rendered by Ghostscript with overprint simulated), is strictly greater than the limit.
 * A <i>run</i> is a maximal set of such pixels connected through their edges or corners (8-connectivity). Each run
 * is reported as its bounding box in points with the origin at the top-left corner of the displayed page (the
 * CropBox turned by /Rotate), x to the right and y downwards, so pixel edges map to {@code pixel * 72 / dpi}; with
 * the mean TAC of its pixels, the limit, and {@code exceeds = true}. Runs are sorted by pixel count, largest first
 * (ties: top to bottom, then left to right); at most {@code maxRuns} are returned, and {@link #totalCount()} says
 * how many there were.
 *
 * <p>The page is scanned once, row by row, keeping only the runs of the previous row: memory grows with the page's
 * width and {@code maxRuns}, not with its area or the number of regions.
 *
 * @param pageNum    1-based page
 * @param dpi        resolution of the separation render measured
 * @param tacLimit   percent
 * @param totalCount regions found
 * @param runs       the largest {@code maxRuns} regions, largest first
 */
public record TacRuns(int pageNum, int dpi, double tacLimit, long totalCount, List<TacRun> runs) {

    /** Runs returned when the caller does not say. */
    public static final int DEFAULT_MAX_RUNS = 200;

    public TacRuns {
        runs = List.copyOf(runs);
    }

    /** Finds the runs of a separation render above a limit. */
    public static TacRuns of(SeparationPage page, double tacLimit, int maxRuns) {
        TacHeatmap.checkLimit(tacLimit);
        if (maxRuns < 0) {
            throw new IllegalArgumentException("maxRuns must not be negative");
        }
        var finder = new Finder(page, tacLimit, maxRuns);
        finder.scan();
        double scale = 72.0 / page.dpi();
        var runs = new ArrayList<TacRun>(finder.best.size());
        var sorted = new ArrayList<>(finder.best);
        sorted.sort(LARGEST_FIRST);
        for (Region r : sorted) {
            double mean = r.ink * 100.0 / 255.0 / r.pixels;
            runs.add(new TacRun(round(r.minX * scale, 100), round(r.minY * scale, 100),
                    round((r.maxX + 1) * scale, 100), round((r.maxY + 1) * scale, 100), round(mean, 10), tacLimit,
                    true, r.pixels));
        }
        return new TacRuns(page.pageNum(), page.dpi(), tacLimit, finder.total, runs);
    }

    private static double round(double v, int per) {
        return Math.round(v * per) / (double) per;
    }

    /** A finished region. */
    private record Region(int minX, int minY, int maxX, int maxY, long pixels, long ink) {
    }

    private static final Comparator<Region> LARGEST_FIRST = Comparator.comparingLong(Region::pixels).reversed()
            .thenComparingInt(Region::minY).thenComparingInt(Region::minX);

    /**
     * One-pass labelling over horizontal runs: each run of above-limit pixels in a row joins the components of the
     * runs it touches in the row above (union-find over component labels); a component no run of the current row
     * touches is finished and offered to the top-N heap. Labels no longer referenced are recycled.
     */
    private static final class Finder {
        private final SeparationPage page;
        private final byte[][] planes;
        private final long threshold;
        private final int maxRuns;
        final PriorityQueue<Region> best = new PriorityQueue<>(LARGEST_FIRST.reversed());
        long total;

        // per label
        private int[] parent = new int[64];
        private int[] minX = new int[64];
        private int[] minY = new int[64];
        private int[] maxX = new int[64];
        private int[] maxY = new int[64];
        private long[] pixels = new long[64];
        private long[] ink = new long[64];
        private int[] liveRow = new int[64];
        private int labels;
        private int[] free = new int[64];
        private int freeCount;
        private int[] active = new int[64];
        private int activeCount;

        Finder(SeparationPage page, double tacLimit, int maxRuns) {
            this.page = page;
            this.planes = TacHeatmap.planes(page);
            this.threshold = TacHeatmap.thresholdInk(tacLimit);
            this.maxRuns = maxRuns;
        }

        void scan() {
            int w = page.width();
            int h = page.height();
            int[] sums = new int[w];
            int maxRunsPerRow = w / 2 + 1;
            int[] prevX0 = new int[maxRunsPerRow];
            int[] prevX1 = new int[maxRunsPerRow];
            int[] prevLabel = new int[maxRunsPerRow];
            int prevCount = 0;
            int[] curX0 = new int[maxRunsPerRow];
            int[] curX1 = new int[maxRunsPerRow];
            int[] curLabel = new int[maxRunsPerRow];
            for (int y = 0; y < h; y++) {
                int o = y * w;
                java.util.Arrays.fill(sums, 0);
                for (byte[] plane : planes) {
                    for (int x = 0; x < w; x++) {
                        sums[x] += 255 - (plane[o + x] & 0xff);
                    }
                }
                int curCount = 0;
                int j = 0;
                for (int x = 0; x < w; ) {
                    if (sums[x] * 100L <= threshold) {
                        x++;
                        continue;
                    }
                    int x0 = x;
                    long runInk = 0;
                    while (x < w && sums[x] * 100L > threshold) {
                        runInk += sums[x];
                        x++;
                    }
                    int x1 = x - 1;
                    int label = -1;
                    // runs of the previous row touching [x0 - 1, x1 + 1] belong to the same region
                    while (j < prevCount && prevX1[j] < x0 - 1) {
                        j++;
                    }
                    for (int k = j; k < prevCount && prevX0[k] <= x1 + 1; k++) {
                        int r = find(prevLabel[k]);
                        if (label < 0) {
                            label = r;
                        } else if (r != label) {
                            merge(r, label);
                        }
                    }
                    if (label < 0) {
                        label = allocate(x0, y);
                    }
                    minX[label] = Math.min(minX[label], x0);
                    maxX[label] = Math.max(maxX[label], x1);
                    maxY[label] = y;
                    pixels[label] += x1 - x0 + 1;
                    ink[label] += runInk;
                    liveRow[label] = y;
                    curX0[curCount] = x0;
                    curX1[curCount] = x1;
                    curLabel[curCount] = label;
                    curCount++;
                }
                for (int i = 0; i < curCount; i++) {
                    curLabel[i] = find(curLabel[i]);
                }
                sweep(y);
                int[] t = prevX0;
                prevX0 = curX0;
                curX0 = t;
                t = prevX1;
                prevX1 = curX1;
                curX1 = t;
                t = prevLabel;
                prevLabel = curLabel;
                curLabel = t;
                prevCount = curCount;
            }
            sweep(h);
        }

        /** Finishes roots no run of row {@code y} reached and recycles every label no run refers to any more. */
        private void sweep(int y) {
            int kept = 0;
            for (int i = 0; i < activeCount; i++) {
                int l = active[i];
                boolean root = parent[l] == l;
                if (root && liveRow[l] == y) {
                    active[kept++] = l;
                    continue;
                }
                if (root) {
                    finish(l);
                }
                release(l);
            }
            activeCount = kept;
        }

        private void finish(int l) {
            total++;
            if (maxRuns == 0) {
                return;
            }
            var region = new Region(minX[l], minY[l], maxX[l], maxY[l], pixels[l], ink[l]);
            if (best.size() < maxRuns) {
                best.add(region);
            } else if (LARGEST_FIRST.compare(region, best.peek()) < 0) {
                best.poll();
                best.add(region);
            }
        }

        private int find(int l) {
            int r = l;
            while (parent[r] != r) {
                r = parent[r];
            }
            while (parent[l] != r) {
                int next = parent[l];
                parent[l] = r;
                l = next;
            }
            return r;
        }

        /** Folds root {@code from} into root {@code into}. */
        private void merge(int from, int into) {
            parent[from] = into;
            minX[into] = Math.min(minX[into], minX[from]);
            minY[into] = Math.min(minY[into], minY[from]);
            maxX[into] = Math.max(maxX[into], maxX[from]);
            maxY[into] = Math.max(maxY[into], maxY[from]);
            pixels[into] += pixels[from];
            ink[into] += ink[from];
            liveRow[into] = Math.max(liveRow[into], liveRow[from]);
        }

        private int allocate(int x, int y) {
            int l;
            if (freeCount > 0) {
                l = free[--freeCount];
            } else {
                if (labels == parent.length) {
                    int n = labels * 2;
                    parent = java.util.Arrays.copyOf(parent, n);
                    minX = java.util.Arrays.copyOf(minX, n);
                    minY = java.util.Arrays.copyOf(minY, n);
                    maxX = java.util.Arrays.copyOf(maxX, n);
                    maxY = java.util.Arrays.copyOf(maxY, n);
                    pixels = java.util.Arrays.copyOf(pixels, n);
                    ink = java.util.Arrays.copyOf(ink, n);
                    liveRow = java.util.Arrays.copyOf(liveRow, n);
                }
                l = labels++;
            }
            parent[l] = l;
            minX[l] = x;
            minY[l] = y;
            maxX[l] = x;
            maxY[l] = y;
            pixels[l] = 0;
            ink[l] = 0;
            liveRow[l] = y;
            if (activeCount == active.length) {
                active = java.util.Arrays.copyOf(active, activeCount * 2);
            }
            active[activeCount++] = l;
            return l;
        }

        private void release(int l) {
            if (freeCount == free.length) {
                free = java.util.Arrays.copyOf(free, freeCount * 2);
            }
            free[freeCount++] = l;
        }
    }
}
