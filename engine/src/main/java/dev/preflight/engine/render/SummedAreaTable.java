package dev.preflight.engine.render;

/**
 * Sums over any axis-aligned rectangle of a plane in constant time. Built in one pass; the table is reused across
 * metrics of a page so a page costs one {@code long} array of {@code (w+1)*(h+1)} entries.
 */
final class SummedAreaTable {

    private final int width;
    private final int height;
    private final int stride;
    private long[] table;

    SummedAreaTable(int width, int height) {
        this.width = width;
        this.height = height;
        this.stride = width + 1;
        this.table = new long[Math.multiplyExact(stride, height + 1)];
    }

    /** Fills the table from per-pixel values, row-major ({@code y * width + x}). */
    SummedAreaTable fill(int[] values) {
        long[] t = table;
        for (int y = 0; y < height; y++) {
            long rowSum = 0;
            int row = (y + 1) * stride + 1;
            int above = y * stride + 1;
            int src = y * width;
            for (int x = 0; x < width; x++) {
                rowSum += values[src + x];
                t[row + x] = t[above + x] + rowSum;
            }
        }
        return this;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /** Sum over columns {@code [x, x+w)} and rows {@code [y, y+h)}. */
    long sum(int x, int y, int w, int h) {
        long[] t = table;
        int top = y * stride;
        int bottom = (y + h) * stride;
        return t[bottom + x + w] - t[top + x + w] - t[bottom + x] + t[top + x];
    }

    /** The window of {@code w x h} pixels lying fully inside the plane with the largest sum; first in reading order on ties. */
    Window maxWindow(int w, int h) {
        long[] t = table;
        long best = Long.MIN_VALUE;
        int bx = 0;
        int by = 0;
        for (int y = 0; y + h <= height; y++) {
            int top = y * stride;
            int bottom = (y + h) * stride;
            for (int x = 0; x + w <= width; x++) {
                long s = t[bottom + x + w] - t[top + x + w] - t[bottom + x] + t[top + x];
                if (s > best) {
                    best = s;
                    bx = x;
                    by = y;
                }
            }
        }
        return new Window(bx, by, w, h, best);
    }

    /**
     * Left column of the window that belongs to pixel column {@code x}: the window centred on it, shifted inward at
     * the plane's edges so that it always lies fully inside.
     */
    static int windowStart(int pixel, int window, int extent) {
        int start = pixel - window / 2;
        return Math.max(0, Math.min(start, extent - window));
    }

    /** Sum of the window belonging to pixel (x, y) (see {@link #windowStart}). */
    long windowSumAt(int x, int y, int w, int h) {
        return sum(windowStart(x, w, width), windowStart(y, h, height), w, h);
    }

    /** Pixels whose window sum is strictly above {@code limit}. */
    long countAbove(int w, int h, long limit) {
        int[] startX = new int[width];
        for (int x = 0; x < width; x++) {
            startX[x] = windowStart(x, w, width);
        }
        long count = 0;
        for (int y = 0; y < height; y++) {
            int wy = windowStart(y, h, height);
            for (int x = 0; x < width; x++) {
                if (sum(startX[x], wy, w, h) > limit) {
                    count++;
                }
            }
        }
        return count;
    }

    /**
     * A window position and its sum.
     *
     * @param x   left column
     * @param y   top row
     * @param w   columns
     * @param h   rows
     * @param sum sum of the values inside
     */
    record Window(int x, int y, int w, int h, long sum) {
    }
}
