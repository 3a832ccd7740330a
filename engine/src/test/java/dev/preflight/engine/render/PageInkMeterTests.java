package dev.preflight.engine.render;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.facts.InkFacts;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntBinaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The meter's shortcuts (no spot ink, black only, no CMY) against a naive window over small synthetic planes. */
class PageInkMeterTests {

    private static final int DPI = 25;
    private static final double WINDOW_MM = 6; // round(6 / 25.4 * 25) = 6 px

    private record Inks(boolean cmy, boolean black, boolean spotPlane, boolean spotInk) {
    }

    private static SeparationPage page(Random random, int w, int h, Inks inks) {
        var channels = new ArrayList<Channel>();
        for (String name : SeparationPage.PROCESS_INKS) {
            boolean inked = name.equals("Black") ? inks.black() : inks.cmy();
            channels.add(new Channel(name, ChannelType.PROCESS, w, h, plane(random, w * h, inked)));
        }
        if (inks.spotPlane()) {
            channels.add(new Channel("Spot", ChannelType.SPOT, w, h, plane(random, w * h, inks.spotInk())));
        }
        var geometry = new PageGeometry(1, new Box(0, 0, w * 72.0 / DPI, h * 72.0 / DPI),
                new Box(0, 0, w * 72.0 / DPI, h * 72.0 / DPI), null, null, null, 0, 1);
        return new SeparationPage(1, DPI, w, h, channels, geometry);
    }

    /** Blank, solid or random ink in blobs, so windows differ. */
    private static byte[] plane(Random random, int n, boolean inked) {
        byte[] p = new byte[n];
        for (int i = 0; i < n; i++) {
            int ink = !inked ? 0 : switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> 255;
                default -> random.nextInt(256);
            };
            p[i] = (byte) (255 - ink);
        }
        return p;
    }

    /** Largest average over full windows of a per-pixel value, in percent of one ink. */
    private static double naiveMax(int w, int h, int side, IntBinaryOperator valueAt) {
        int ww = Math.min(side, w);
        int wh = Math.min(side, h);
        long best = 0;
        for (int y0 = 0; y0 + wh <= h; y0++) {
            for (int x0 = 0; x0 + ww <= w; x0++) {
                long s = 0;
                for (int y = y0; y < y0 + wh; y++) {
                    for (int x = x0; x < x0 + ww; x++) {
                        s += valueAt.applyAsInt(x, y);
                    }
                }
                best = Math.max(best, s);
            }
        }
        return best * 100.0 / (255.0 * ww * wh);
    }

    @Test
    void everyShortcutAgreesWithTheNaiveComputation() {
        var random = new Random(7);
        List<Inks> cases = List.of(new Inks(true, true, false, false), new Inks(false, true, false, false),
                new Inks(true, false, false, false), new Inks(true, true, true, true), new Inks(true, true, true, false),
                new Inks(false, true, true, true), new Inks(false, false, true, true),
                new Inks(false, false, false, false));
        for (Inks inks : cases) {
            int w = 8 + random.nextInt(20);
            int h = 5 + random.nextInt(20);
            SeparationPage page = page(random, w, h, inks);
            InkFacts f = PageInkMeter.measure(page, WINDOW_MM, 150, 120);
            int side = InkOptions.windowPixels(WINDOW_MM, DPI);
            Channel c = page.channel("Cyan");
            Channel m = page.channel("Magenta");
            Channel yl = page.channel("Yellow");
            Channel k = page.channel("Black");
            Channel spot = page.channel("Spot");

            String as = inks.toString();
            assertThat(f.maxTacCmyk()).as(as).isCloseTo(naiveMax(w, h, side,
                    (x, y) -> c.ink(x, y) + m.ink(x, y) + yl.ink(x, y) + k.ink(x, y)), within(1e-9));
            assertThat(f.maxTacAll()).as(as).isCloseTo(naiveMax(w, h, side,
                    (x, y) -> c.ink(x, y) + m.ink(x, y) + yl.ink(x, y) + k.ink(x, y)
                            + (spot == null ? 0 : spot.ink(x, y))), within(1e-9));
            assertThat(f.maxBlackWindow()).as(as).isCloseTo(naiveMax(w, h, side, k::ink), within(1e-9));
            assertThat(f.maxCmyAfterKConversion()).as(as).isCloseTo(naiveMax(w, h, side,
                    (x, y) -> Math.min(255, c.ink(x, y) + k.ink(x, y)) + Math.min(255, m.ink(x, y) + k.ink(x, y))
                            + Math.min(255, yl.ink(x, y) + k.ink(x, y))), within(1e-9));
            assertThat(f.empty()).as(as).isEqualTo(!inks.cmy() && !inks.black() && !inks.spotInk());
        }
    }

    @Test
    void areaOverLimitCountsPixelsWhoseWindowExceedsIt() {
        // 10 x 10 plane, window 6: a solid 4-ink block in the left half
        int w = 10;
        int h = 10;
        var channels = new ArrayList<Channel>();
        for (String name : SeparationPage.PROCESS_INKS) {
            byte[] p = new byte[w * h];
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    p[y * w + x] = (byte) (x < 5 ? 0 : 255);
                }
            }
            channels.add(new Channel(name, ChannelType.PROCESS, w, h, p));
        }
        var geometry = new PageGeometry(1, new Box(0, 0, 28.8, 28.8), new Box(0, 0, 28.8, 28.8), null, null, null,
                0, 1);
        var page = new SeparationPage(1, DPI, w, h, channels, geometry);

        InkFacts f = PageInkMeter.measure(page, WINDOW_MM, 300, 300);

        // window columns start at clamp(x - 3, 0, 4): x 0..3 start at 0 (5 of 6 columns inked: 333 %),
        // x = 4 starts at 1 (4 of 6: 267 %), beyond that less: 4 columns of 10 are over 300 %
        assertThat(f.areaOverLimitAllPct()).isCloseTo(40, within(1e-9));
        assertThat(f.areaOverLimitCmykPct()).isCloseTo(40, within(1e-9));
        assertThat(f.maxTacAll()).isCloseTo(400.0 * 5 / 6, within(1e-9));
        assertThat(f.neutralGreyAreaPct()).isCloseTo(50, within(1e-9));
    }
}
