package dev.preflight.engine.render;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.InkFacts;

import java.util.LinkedHashMap;
import java.util.List;

/** Measures ink on one page of separations: coverage, windowed TAC (summed-area tables), greys. */
final class PageInkMeter {

    /** C, M and Y within this many percent of each other count as a balanced grey. */
    static final double NEUTRAL_TOLERANCE_PERCENT = 3.0;

    private PageInkMeter() {
    }

    static InkFacts measure(SeparationPage page, double windowMm, double limitAll, double limitCmyk) {
        int w = page.width();
        int h = page.height();
        int n = w * h;
        List<Channel> channels = page.channels();
        byte[][] planes = channels.stream().map(Channel::plane).toArray(byte[][]::new);
        byte[] c = plane(page, "Cyan");
        byte[] m = plane(page, "Magenta");
        byte[] y = plane(page, "Yellow");
        byte[] k = plane(page, "Black");
        boolean[] isSpot = new boolean[planes.length];
        boolean anySpot = false;
        for (int i = 0; i < planes.length; i++) {
            isSpot[i] = channels.get(i).type() == ChannelType.SPOT;
            anySpot |= isSpot[i];
        }

        // One pass over the pixels for everything that does not need a window.
        long[] inkSums = new long[planes.length];
        int maxPixel = 0;
        long neutral = 0;
        int tolerance = (int) Math.round(NEUTRAL_TOLERANCE_PERCENT * 255 / 100.0);
        for (int i = 0; i < n; i++) {
            int total = 0;
            int spot = 0;
            for (int p = 0; p < planes.length; p++) {
                int v = 255 - (planes[p][i] & 0xff);
                inkSums[p] += v;
                total += v;
                if (isSpot[p]) {
                    spot += v;
                }
            }
            if (total > maxPixel) {
                maxPixel = total;
            }
            if (total > 0 && spot == 0) {
                int ci = ink(c, i);
                int mi = ink(m, i);
                int yi = ink(y, i);
                boolean kOnly = ci == 0 && mi == 0 && yi == 0;
                boolean balanced = Math.min(ci, Math.min(mi, yi)) > 0
                        && Math.max(ci, Math.max(mi, yi)) - Math.min(ci, Math.min(mi, yi)) <= tolerance;
                if (kOnly || balanced) {
                    neutral++;
                }
            }
        }
        var coverage = new LinkedHashMap<String, Double>();
        long allInk = 0;
        for (int p = 0; p < planes.length; p++) {
            coverage.put(channels.get(p).name(), percent(inkSums[p], n));
            allInk += inkSums[p];
        }

        int side = InkOptions.windowPixels(windowMm, page.dpi());
        int ww = Math.min(side, w);
        int wh = Math.min(side, h);
        long windowArea = (long) ww * wh;
        var sat = new SummedAreaTable(w, h);

        sat.fill(i -> {
            int t = 0;
            for (byte[] plane : planes) {
                t += 255 - (plane[i] & 0xff);
            }
            return t;
        });
        SummedAreaTable.Window worstAll = sat.maxWindow(ww, wh);
        long overAll = sat.countAbove(ww, wh, limitSum(limitAll, windowArea));

        SummedAreaTable.Window worstCmyk = worstAll;
        long overCmyk = overAll;
        if (anySpot || limitCmyk != limitAll) {
            sat.fill(i -> ink(c, i) + ink(m, i) + ink(y, i) + ink(k, i));
            if (anySpot) {
                worstCmyk = sat.maxWindow(ww, wh);
            }
            overCmyk = sat.countAbove(ww, wh, limitSum(limitCmyk, windowArea));
        }

        sat.fill(i -> ink(k, i));
        long maxBlack = sat.maxWindow(ww, wh).sum();

        sat.fill(i -> {
            int ki = ink(k, i);
            return Math.min(255, ink(c, i) + ki) + Math.min(255, ink(m, i) + ki) + Math.min(255, ink(y, i) + ki);
        });
        long maxCmy = sat.maxWindow(ww, wh).sum();

        return new InkFacts(page.dpi(), java.util.Collections.unmodifiableMap(coverage), percent(worstAll.sum(), windowArea), box(page, worstAll),
                percent(worstCmyk.sum(), windowArea), box(page, worstCmyk), maxPixel * 100.0 / 255.0,
                overAll * 100.0 / n, overCmyk * 100.0 / n, percent(maxBlack, windowArea),
                percent(maxCmy, windowArea), neutral * 100.0 / n, allInk == 0, windowMm);
    }

    /** The window sum above which a window's average exceeds {@code limitPercent}. */
    static long limitSum(double limitPercent, long windowArea) {
        return (long) Math.floor(limitPercent / 100.0 * 255.0 * windowArea);
    }

    private static Box box(SeparationPage page, SummedAreaTable.Window win) {
        return page.toPdf(win.x(), win.y(), win.x() + win.w(), win.y() + win.h());
    }

    private static double percent(long inkSum, long pixels) {
        return pixels == 0 ? 0 : inkSum * 100.0 / (255.0 * pixels);
    }

    private static int ink(byte[] plane, int i) {
        return plane == null ? 0 : 255 - (plane[i] & 0xff);
    }

    private static byte[] plane(SeparationPage page, String name) {
        Channel ch = page.channel(name);
        return ch == null || ch.type() != ChannelType.PROCESS ? null : ch.plane();
    }
}
