package dev.preflight.engine.render;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.view.Channel;
import dev.preflight.engine.view.ChannelType;
import dev.preflight.engine.view.SeparationPage;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The ink meter as it was before the streaming rewrite: summed-area tables over whole planes. Kept in the tests as
 * the reference the streaming meter must agree with exactly, field for field.
 */
final class ReferenceInkMeter {

    /** C, M and Y within this many percent of each other count as a balanced grey. */
    static final double NEUTRAL_TOLERANCE_PERCENT = 3.0;

    private ReferenceInkMeter() {
    }

    static InkFacts measure(SeparationPage page, double windowMm, double limitAll, double limitCmyk) {
        int w = page.width();
        int h = page.height();
        int n = w * h;
        List<Channel> channels = page.channels();
        byte[] c = plane(page, "Cyan");
        byte[] m = plane(page, "Magenta");
        byte[] y = plane(page, "Yellow");
        byte[] k = plane(page, "Black");

        long[] inkSums = new long[channels.size()];
        long spotInk = 0;
        int[] values = new int[n];
        for (int p = 0; p < channels.size(); p++) {
            byte[] plane = channels.get(p).plane();
            long sum = 0;
            for (int i = 0; i < n; i++) {
                int v = 255 - (plane[i] & 0xff);
                values[i] += v;
                sum += v;
            }
            inkSums[p] = sum;
            if (channels.get(p).type() == ChannelType.SPOT) {
                spotInk += sum;
            }
        }
        long allInk = Arrays.stream(inkSums).sum();
        var coverage = new LinkedHashMap<String, Double>();
        for (int p = 0; p < channels.size(); p++) {
            coverage.put(channels.get(p).name(), percent(inkSums[p], n));
        }

        int maxPixel = 0;
        long neutral = 0;
        int tolerance = (int) Math.round(NEUTRAL_TOLERANCE_PERCENT * 255 / 100.0);
        for (int i = 0; i < n; i++) {
            int total = values[i];
            if (total == 0) {
                continue;
            }
            maxPixel = Math.max(maxPixel, total);
            int ci = ink(c, i);
            int mi = ink(m, i);
            int yi = ink(y, i);
            if (total != ci + mi + yi + ink(k, i)) {
                continue; // spot ink is never a neutral process grey
            }
            int lo = Math.min(ci, Math.min(mi, yi));
            int hi = Math.max(ci, Math.max(mi, yi));
            if (hi == 0 || (lo > 0 && hi - lo <= tolerance)) {
                neutral++;
            }
        }

        int side = InkOptions.windowPixels(windowMm, page.dpi());
        int ww = Math.min(side, w);
        int wh = Math.min(side, h);
        long windowArea = (long) ww * wh;
        var sat = new SummedAreaTable(w, h).fill(values);
        SummedAreaTable.Window worstAll = sat.maxWindow(ww, wh);
        long overAll = sat.countAbove(ww, wh, limitSum(limitAll, windowArea));

        SummedAreaTable.Window worstCmyk = worstAll;
        long overCmyk = overAll;
        if (spotInk > 0) {
            Arrays.fill(values, 0);
            for (byte[] plane : new byte[][] {c, m, y, k}) {
                addInk(values, plane);
            }
            sat.fill(values);
            worstCmyk = sat.maxWindow(ww, wh);
            overCmyk = sat.countAbove(ww, wh, limitSum(limitCmyk, windowArea));
        } else if (limitCmyk != limitAll) {
            // no spot ink: the table of all separations is the CMYK table
            overCmyk = sat.countAbove(ww, wh, limitSum(limitCmyk, windowArea));
        }

        long blackInk = sum(inkSums, channels, "Black");
        long maxBlack;
        if (blackInk == 0) {
            maxBlack = 0;
        } else if (blackInk == allInk) {
            maxBlack = worstAll.sum();
        } else {
            Arrays.fill(values, 0);
            addInk(values, k);
            maxBlack = sat.fill(values).maxWindow(ww, wh).sum();
        }

        long cmyInk = sum(inkSums, channels, "Cyan") + sum(inkSums, channels, "Magenta")
                + sum(inkSums, channels, "Yellow");
        long maxCmy;
        if (cmyInk == 0) {
            // each of C, M and Y becomes K itself
            maxCmy = 3 * maxBlack;
        } else {
            for (int i = 0; i < n; i++) {
                int ki = ink(k, i);
                values[i] = Math.min(255, ink(c, i) + ki) + Math.min(255, ink(m, i) + ki)
                        + Math.min(255, ink(y, i) + ki);
            }
            maxCmy = sat.fill(values).maxWindow(ww, wh).sum();
        }

        return new InkFacts(page.dpi(), Collections.unmodifiableMap(coverage), percent(worstAll.sum(), windowArea),
                box(page, worstAll), percent(worstCmyk.sum(), windowArea), box(page, worstCmyk),
                maxPixel * 100.0 / 255.0, overAll * 100.0 / n, overCmyk * 100.0 / n, percent(maxBlack, windowArea),
                percent(maxCmy, windowArea), neutral * 100.0 / n, allInk == 0, windowMm);
    }

    /** The window sum above which a window's average exceeds {@code limitPercent}. */
    static long limitSum(double limitPercent, long windowArea) {
        return (long) Math.floor(limitPercent / 100.0 * 255.0 * windowArea);
    }

    private static void addInk(int[] values, byte[] plane) {
        if (plane == null) {
            return;
        }
        for (int i = 0; i < values.length; i++) {
            values[i] += 255 - (plane[i] & 0xff);
        }
    }

    private static long sum(long[] inkSums, List<Channel> channels, String processInk) {
        for (int p = 0; p < channels.size(); p++) {
            if (channels.get(p).type() == ChannelType.PROCESS && channels.get(p).name().equals(processInk)) {
                return inkSums[p];
            }
        }
        return 0;
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
