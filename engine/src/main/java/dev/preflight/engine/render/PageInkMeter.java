package dev.preflight.engine.render;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.view.Channel;
import dev.preflight.engine.view.ChannelType;
import dev.preflight.engine.view.SeparationPage;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Measures ink on one rendered page: coverage, windowed TAC (the first full window in reading order with the
 * largest sum), the share of pixels whose window is above a limit, heavy black, CMY after K conversion and greys.
 *
 * <p>It streams over rows and allocates nothing page-sized. A first pass sums ink per separation and notes, per row,
 * the span of columns that carry any ink. Each windowed measure then slides the window down the page keeping one
 * running sum per column, and across each band of rows only over the columns whose windows can hold ink: a window
 * that touches no inked pixel sums to zero, cannot beat the best so far (which starts as the first window's zero)
 * and is above no limit that is not negative. A text page therefore costs little more than reading it once. The
 * measures that the page's ink makes equal (no spot ink, black only, no CMY) are not computed twice.
 */
final class PageInkMeter {

    /** C, M and Y within this many percent of each other count as a balanced grey. */
    static final double NEUTRAL_TOLERANCE_PERCENT = 3.0;
    private static final int TOLERANCE = (int) Math.round(NEUTRAL_TOLERANCE_PERCENT * 255 / 100.0);

    private static final int ALL = 0;
    private static final int PROCESS = 1;
    private static final int BLACK = 2;
    private static final int CMY_AFTER_K = 3;
    /** No limit to count against. */
    private static final long NONE = Long.MAX_VALUE;

    /** Eight bytes at once, to skip blank runs. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    private PageInkMeter() {
    }

    /** Measures a page of separations (Ghostscript's convention: 255 = no ink). */
    static InkFacts measure(SeparationPage page, double windowMm, double limitAll, double limitCmyk) {
        return measure(new PlanarSource(page), page, windowMm, limitAll, limitCmyk);
    }

    /** Measures a page rendered by a CMYK device (interleaved, 0 = no ink). */
    static InkFacts measure(CmykRaster raster, double windowMm, double limitAll, double limitCmyk) {
        var frame = new SeparationPage(raster.geometry().pageNum(), raster.dpi(), raster.width(), raster.height(),
                List.of(), raster.geometry());
        return measure(new CmykSource(raster), frame, windowMm, limitAll, limitCmyk);
    }

    private static InkFacts measure(Source src, SeparationPage frame, double windowMm, double limitAll,
                                    double limitCmyk) {
        int w = src.width;
        int h = src.height;
        long n = (long) w * h;
        src.scan();

        long allInk = 0;
        long spotInk = 0;
        var coverage = new LinkedHashMap<String, Double>();
        for (int p = 0; p < src.names.length; p++) {
            allInk += src.inkSums[p];
            if (src.types[p] == ChannelType.SPOT) {
                spotInk += src.inkSums[p];
            }
            coverage.put(src.names[p], percent(src.inkSums[p], n));
        }

        int side = InkOptions.windowPixels(windowMm, frame.dpi());
        var windows = new Windows(src, Math.min(side, w), Math.min(side, h));
        long windowArea = (long) windows.ww * windows.wh;
        long limAll = limitSum(limitAll, windowArea);
        long limCmyk = limitSum(limitCmyk, windowArea);

        Scan all = windows.scan(ALL, limAll, spotInk == 0 && limitCmyk != limitAll ? limCmyk : NONE);
        Scan cmyk = all;
        long overCmyk = all.overA;
        if (spotInk > 0) {
            cmyk = windows.scan(PROCESS, limCmyk, NONE);
            overCmyk = cmyk.overA;
        } else if (limitCmyk != limitAll) {
            // no spot ink: the windows of all separations are the CMYK windows
            overCmyk = all.overB;
        }

        long blackInk = src.processSum("Black");
        long maxBlack;
        if (blackInk == 0) {
            maxBlack = 0;
        } else if (blackInk == allInk) {
            maxBlack = all.best;
        } else {
            maxBlack = windows.scan(BLACK, NONE, NONE).best;
        }

        long cmyInk = src.processSum("Cyan") + src.processSum("Magenta") + src.processSum("Yellow");
        // with no C, M or Y each of them becomes K itself
        long maxCmy = cmyInk == 0 ? 3 * maxBlack : windows.scan(CMY_AFTER_K, NONE, NONE).best;

        return new InkFacts(frame.dpi(), Collections.unmodifiableMap(coverage), percent(all.best, windowArea),
                box(frame, all, windows), percent(cmyk.best, windowArea), box(frame, cmyk, windows),
                src.maxPixel * 100.0 / 255.0, all.overA * 100.0 / n, overCmyk * 100.0 / n,
                percent(maxBlack, windowArea), percent(maxCmy, windowArea), src.neutral * 100.0 / n, allInk == 0,
                windowMm);
    }

    /** The window sum above which a window's average exceeds {@code limitPercent}. */
    static long limitSum(double limitPercent, long windowArea) {
        return (long) Math.floor(limitPercent / 100.0 * 255.0 * windowArea);
    }

    private static Box box(SeparationPage frame, Scan s, Windows windows) {
        return frame.toPdf(s.x, s.y, s.x + windows.ww, s.y + windows.wh);
    }

    private static double percent(long inkSum, long pixels) {
        return pixels == 0 ? 0 : inkSum * 100.0 / (255.0 * pixels);
    }

    /** A measured window: the largest sum and where, and how many pixels have their window above each limit. */
    private record Scan(long best, int x, int y, long overA, long overB) {
    }

    /**
     * The windows of a page of {@code ww x wh} pixels. Pixel (x, y) is judged by the window centred on it, shifted
     * inward at the page's edges ({@link SummedAreaTable#windowStart}), so a window position counts once for every
     * pixel that maps to it: {@code colMult[x] * rowMult[y]}.
     */
    private static final class Windows {
        final Source src;
        final int ww;
        final int wh;
        final long[] colSum;
        final int[] enter;
        final int[] leave;
        final int[] colMult;
        final int[] rowMult;
        /** Rows with ink above each row: {@code inkedBefore[y]} counts rows {@code 0..y-1}. */
        final int[] inkedBefore;

        Windows(Source src, int ww, int wh) {
            this.src = src;
            this.ww = ww;
            this.wh = wh;
            int w = src.width;
            int h = src.height;
            colSum = new long[w];
            enter = new int[w];
            leave = new int[w];
            colMult = new int[w - ww + 1];
            for (int x = 0; x < w; x++) {
                colMult[SummedAreaTable.windowStart(x, ww, w)]++;
            }
            rowMult = new int[h - wh + 1];
            for (int y = 0; y < h; y++) {
                rowMult[SummedAreaTable.windowStart(y, wh, h)]++;
            }
            inkedBefore = new int[h + 1];
            for (int y = 0; y < h; y++) {
                inkedBefore[y + 1] = inkedBefore[y] + (src.from[y] < src.to[y] ? 1 : 0);
            }
        }

        /**
         * Slides the window over the page for one measure.
         *
         * @param limitA count pixels whose window sum is above this ({@link #NONE}: do not count)
         * @param limitB a second limit counted in the same pass
         */
        Scan scan(int measure, long limitA, long limitB) {
            int w = src.width;
            int h = src.height;
            int[] from = src.from;
            int[] to = src.to;
            Arrays.fill(colSum, 0);
            long best = 0;
            int bx = 0;
            int by = 0;
            long overA = 0;
            long overB = 0;
            long lastOverA = 0;
            long lastOverB = 0;
            for (int y = 0; y < h; y++) {
                boolean entering = from[y] < to[y];
                if (entering) {
                    src.accumulate(measure, y, from[y], to[y], colSum, 1, enter);
                }
                int out = y - wh;
                boolean leaving = out >= 0 && from[out] < to[out];
                if (leaving) {
                    src.accumulate(measure, out, from[out], to[out], colSum, -1, leave);
                }
                int top = y - wh + 1;
                if (top < 0) {
                    continue;
                }
                if (inkedBefore[y + 1] == inkedBefore[top]) {
                    lastOverA = 0;
                    lastOverB = 0;
                    continue;
                }
                if (top > 0 && !entering && !leaving) {
                    // the same columns as the band above: the same sums, none above the best so far
                    overA += lastOverA * rowMult[top];
                    overB += lastOverB * rowMult[top];
                    continue;
                }
                int bandFrom = w;
                int bandTo = 0;
                for (int r = top; r <= y; r++) {
                    if (from[r] < to[r]) {
                        bandFrom = Math.min(bandFrom, from[r]);
                        bandTo = Math.max(bandTo, to[r]);
                    }
                }
                // the windows that overlap an inked column of the band; all others sum to zero
                int x0 = Math.max(0, bandFrom - ww + 1);
                int x1 = Math.min(w - ww, bandTo - 1);
                long sum = 0;
                for (int x = x0; x < x0 + ww; x++) {
                    sum += colSum[x];
                }
                long rowOverA = 0;
                long rowOverB = 0;
                for (int x = x0; ; x++) {
                    if (sum > best) {
                        best = sum;
                        bx = x;
                        by = top;
                    }
                    if (sum > limitA) {
                        rowOverA += colMult[x];
                    }
                    if (sum > limitB) {
                        rowOverB += colMult[x];
                    }
                    if (x == x1) {
                        break;
                    }
                    sum += colSum[x + ww] - colSum[x];
                }
                overA += rowOverA * rowMult[top];
                overB += rowOverB * rowMult[top];
                lastOverA = rowOverA;
                lastOverB = rowOverB;
            }
            long n = (long) w * h;
            // every window sums to zero or more, so a negative limit is exceeded by every pixel's window
            return new Scan(best, bx, by, limitA < 0 ? n : overA, limitB < 0 ? n : overB);
        }
    }

    /** A page's ink as the meter reads it: first a scan for totals and inked spans, then rows of one measure. */
    private abstract static class Source {
        final int width;
        final int height;
        final String[] names;
        final ChannelType[] types;
        final long[] inkSums;
        /** Per row, the inked columns {@code [from, to)}; {@code from >= to} for a row without ink. */
        final int[] from;
        final int[] to;
        int maxPixel;
        long neutral;

        Source(int width, int height, String[] names, ChannelType[] types) {
            this.width = width;
            this.height = height;
            this.names = names;
            this.types = types;
            this.inkSums = new long[names.length];
            this.from = new int[height];
            this.to = new int[height];
        }

        /** Fills the ink sums, the inked spans, the largest pixel total and the neutral grey count. */
        abstract void scan();

        /** Writes the measure's value of row {@code y}, columns {@code [x0, x1)}, into {@code out[x0..x1)}. */
        abstract void values(int measure, int y, int x0, int x1, int[] out);

        /** Adds ({@code sign} 1) or subtracts (-1) the measure's values of a row span to the column sums. */
        void accumulate(int measure, int y, int x0, int x1, long[] colSum, int sign, int[] scratch) {
            values(measure, y, x0, x1, scratch);
            for (int x = x0; x < x1; x++) {
                colSum[x] += sign * scratch[x];
            }
        }

        long processSum(String ink) {
            for (int p = 0; p < names.length; p++) {
                if (types[p] == ChannelType.PROCESS && names[p].equals(ink)) {
                    return inkSums[p];
                }
            }
            return 0;
        }

        /** Counts a pixel as a balanced grey: process ink only, and either no C, M, Y or all three alike. */
        static boolean neutral(int c, int m, int y) {
            int lo = Math.min(c, Math.min(m, y));
            int hi = Math.max(c, Math.max(m, y));
            return hi == 0 || (lo > 0 && hi - lo <= TOLERANCE);
        }
    }

    /** Separations as planes, one per ink, 255 = no ink (Ghostscript's tiffsep convention). */
    private static final class PlanarSource extends Source {
        final byte[][] planes;
        final byte[] c;
        final byte[] m;
        final byte[] y;
        final byte[] k;
        /** C, M, Y and K planes that exist, for the CMYK measure. */
        final byte[][] process;

        PlanarSource(SeparationPage page) {
            super(page.width(), page.height(), page.channels().stream().map(Channel::name).toArray(String[]::new),
                    page.channels().stream().map(Channel::type).toArray(ChannelType[]::new));
            planes = page.channels().stream().map(Channel::plane).toArray(byte[][]::new);
            c = plane(page, "Cyan");
            m = plane(page, "Magenta");
            y = plane(page, "Yellow");
            k = plane(page, "Black");
            process = Arrays.stream(new byte[][] {c, m, y, k}).filter(p -> p != null).toArray(byte[][]::new);
        }

        private static byte[] plane(SeparationPage page, String name) {
            Channel ch = page.channel(name);
            return ch == null || ch.type() != ChannelType.PROCESS ? null : ch.plane();
        }

        @Override
        void scan() {
            int w = width;
            int[] row = new int[w];
            for (int r = 0; r < height; r++) {
                int base = r * w;
                Arrays.fill(row, 0);
                boolean any = false;
                for (int p = 0; p < planes.length; p++) {
                    byte[] a = planes[p];
                    long sum = 0;
                    int x = 0;
                    for (; x + 8 <= w; x += 8) {
                        if ((long) LONGS.get(a, base + x) == -1L) {
                            continue;
                        }
                        for (int i = x; i < x + 8; i++) {
                            int v = 255 - (a[base + i] & 0xff);
                            row[i] += v;
                            sum += v;
                        }
                    }
                    for (; x < w; x++) {
                        int v = 255 - (a[base + x] & 0xff);
                        row[x] += v;
                        sum += v;
                    }
                    inkSums[p] += sum;
                    any |= sum != 0;
                }
                int first = w;
                int last = -1;
                if (any) {
                    for (int x = 0; x < w; x++) {
                        int total = row[x];
                        if (total == 0) {
                            continue;
                        }
                        if (first == w) {
                            first = x;
                        }
                        last = x;
                        maxPixel = Math.max(maxPixel, total);
                        int ci = ink(c, base + x);
                        int mi = ink(m, base + x);
                        int yi = ink(y, base + x);
                        // spot ink is never a neutral process grey
                        if (total == ci + mi + yi + ink(k, base + x) && neutral(ci, mi, yi)) {
                            neutral++;
                        }
                    }
                }
                from[r] = first;
                to[r] = last + 1;
            }
        }

        @Override
        void values(int measure, int r, int x0, int x1, int[] out) {
            int base = r * width;
            switch (measure) {
                case ALL -> sum(planes, base, x0, x1, out);
                case PROCESS -> sum(process, base, x0, x1, out);
                case BLACK -> {
                    for (int x = x0; x < x1; x++) {
                        out[x] = ink(k, base + x);
                    }
                }
                default -> {
                    for (int x = x0; x < x1; x++) {
                        int ki = ink(k, base + x);
                        out[x] = Math.min(255, ink(c, base + x) + ki) + Math.min(255, ink(m, base + x) + ki)
                                + Math.min(255, ink(y, base + x) + ki);
                    }
                }
            }
        }

        private static void sum(byte[][] planes, int base, int x0, int x1, int[] out) {
            Arrays.fill(out, x0, x1, 0);
            for (byte[] a : planes) {
                for (int x = x0; x < x1; x++) {
                    out[x] += 255 - (a[base + x] & 0xff);
                }
            }
        }

        private static int ink(byte[] plane, int i) {
            return plane == null ? 0 : 255 - (plane[i] & 0xff);
        }
    }

    /** Interleaved C, M, Y, K bytes per pixel, 0 = no ink, as a CMYK device writes them. */
    private static final class CmykSource extends Source {
        private static final String[] NAMES = SeparationPage.PROCESS_INKS.toArray(String[]::new);
        private static final ChannelType[] TYPES = {ChannelType.PROCESS, ChannelType.PROCESS, ChannelType.PROCESS,
                ChannelType.PROCESS};

        final byte[] d;

        CmykSource(CmykRaster raster) {
            super(raster.width(), raster.height(), NAMES, TYPES);
            d = raster.data();
        }

        @Override
        void scan() {
            int w = width;
            long sc = 0;
            long sm = 0;
            long sy = 0;
            long sk = 0;
            int max = 0;
            long grey = 0;
            for (int r = 0; r < height; r++) {
                int base = 4 * r * w;
                int first = w;
                int last = -1;
                int x = 0;
                while (x < w) {
                    // four blank pixels at a time
                    if (x + 4 <= w && ((long) LONGS.get(d, base + 4 * x) | (long) LONGS.get(d, base + 4 * x + 8)) == 0L) {
                        x += 4;
                        continue;
                    }
                    int end = Math.min(w, x + 4);
                    for (; x < end; x++) {
                        int j = base + 4 * x;
                        int c = d[j] & 0xff;
                        int m = d[j + 1] & 0xff;
                        int y = d[j + 2] & 0xff;
                        int k = d[j + 3] & 0xff;
                        int total = c + m + y + k;
                        if (total == 0) {
                            continue;
                        }
                        if (first == w) {
                            first = x;
                        }
                        last = x;
                        sc += c;
                        sm += m;
                        sy += y;
                        sk += k;
                        max = Math.max(max, total);
                        if (neutral(c, m, y)) {
                            grey++;
                        }
                    }
                }
                from[r] = first;
                to[r] = last + 1;
            }
            inkSums[0] = sc;
            inkSums[1] = sm;
            inkSums[2] = sy;
            inkSums[3] = sk;
            maxPixel = max;
            neutral = grey;
        }

        @Override
        void values(int measure, int r, int x0, int x1, int[] out) {
            int base = 4 * r * width;
            switch (measure) {
                case ALL, PROCESS -> {
                    for (int x = x0, j = base + 4 * x0; x < x1; x++, j += 4) {
                        out[x] = (d[j] & 0xff) + (d[j + 1] & 0xff) + (d[j + 2] & 0xff) + (d[j + 3] & 0xff);
                    }
                }
                case BLACK -> {
                    for (int x = x0, j = base + 4 * x0 + 3; x < x1; x++, j += 4) {
                        out[x] = d[j] & 0xff;
                    }
                }
                default -> {
                    for (int x = x0, j = base + 4 * x0; x < x1; x++, j += 4) {
                        int k = d[j + 3] & 0xff;
                        out[x] = Math.min(255, (d[j] & 0xff) + k) + Math.min(255, (d[j + 1] & 0xff) + k)
                                + Math.min(255, (d[j + 2] & 0xff) + k);
                    }
                }
            }
        }

        @Override
        void accumulate(int measure, int r, int x0, int x1, long[] colSum, int sign, int[] scratch) {
            int base = 4 * r * width;
            if ((measure == ALL || measure == PROCESS) && inkSums[0] == 0 && inkSums[1] == 0 && inkSums[2] == 0) {
                // no C, M or Y anywhere on the page (text pages): the total is the black
                measure = BLACK;
            }
            switch (measure) {
                case ALL, PROCESS -> {
                    for (int x = x0, j = base + 4 * x0; x < x1; x++, j += 4) {
                        colSum[x] += sign * ((d[j] & 0xff) + (d[j + 1] & 0xff) + (d[j + 2] & 0xff) + (d[j + 3] & 0xff));
                    }
                }
                case BLACK -> {
                    for (int x = x0, j = base + 4 * x0 + 3; x < x1; x++, j += 4) {
                        colSum[x] += sign * (d[j] & 0xff);
                    }
                }
                default -> super.accumulate(measure, r, x0, x1, colSum, sign, scratch);
            }
        }
    }
}
