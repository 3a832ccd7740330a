package dev.preflight.engine.render;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.view.Channel;
import dev.preflight.engine.view.ChannelType;
import dev.preflight.engine.view.SeparationPage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntBinaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The meter's shortcuts (no spot ink, black only, no CMY) against a naive window over small synthetic planes, and
 * the streaming meter against the summed-area-table meter it replaced ({@link ReferenceInkMeter}), field for field.
 */
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

    @Test
    void streamingMeterAgreesExactlyWithTheSummedAreaTableMeter() {
        var random = new Random(11);
        double[] limits = {-5, 0, 40, 150, 300, 300, 399.5, 1000};
        double[] windows = {1, 6, 11, 40, 500};
        for (int i = 0; i < 600; i++) {
            int w = 1 + random.nextInt(48);
            int h = 1 + random.nextInt(48);
            SeparationPage page = mixedPage(random, w, h);
            double all = limits[random.nextInt(limits.length)];
            double cmyk = random.nextBoolean() ? all : limits[random.nextInt(limits.length)];
            double window = windows[random.nextInt(windows.length)];

            InkFacts expected = ReferenceInkMeter.measure(page, window, all, cmyk);
            InkFacts actual = PageInkMeter.measure(page, window, all, cmyk);

            assertThat(actual).as("case %d: %dx%d, %s, window %s mm, limits %s/%s", i, w, h,
                    page.channels().stream().map(Channel::name).toList(), window, all, cmyk).isEqualTo(expected);
        }
    }

    @Test
    void aCmykRasterIsMeasuredExactlyAsItsFourPlates() {
        var random = new Random(5);
        for (int i = 0; i < 200; i++) {
            int w = 1 + random.nextInt(40);
            int h = 1 + random.nextInt(40);
            byte[] data = new byte[4 * w * h + random.nextInt(9)]; // a reused buffer may be longer than the page
            int style = random.nextInt(3);
            for (int b = 0; b < 4 * w * h; b++) {
                data[b] = (byte) switch (style) {
                    case 0 -> random.nextInt(10) == 0 ? random.nextInt(256) : 0;
                    case 1 -> (b % 4 == 3 && random.nextBoolean()) ? 255 : 0;
                    default -> random.nextInt(256);
                };
            }
            var geometry = new PageGeometry(1, new Box(0, 0, w * 72.0 / DPI, h * 72.0 / DPI),
                    new Box(0, 0, w * 72.0 / DPI, h * 72.0 / DPI), null, null, null, 90 * random.nextInt(4), 1);
            var raster = new CmykRaster(geometry, DPI, w, h, data);
            SeparationPage plates = raster.toSeparationPage();

            assertThat(plates.channels()).extracting(Channel::name).containsExactlyElementsOf(SeparationPage.PROCESS_INKS);
            assertThat(plates.channel("Black").ink(w - 1, h - 1)).isEqualTo(data[4 * (w * h - 1) + 3] & 0xff);
            assertThat(PageInkMeter.measure(raster, WINDOW_MM, 250, 200))
                    .isEqualTo(ReferenceInkMeter.measure(plates, WINDOW_MM, 250, 200));
        }
    }

    /**
     * A page with a random choice of process plates and zero to two spot plates; ink is blank, sparse rectangles
     * (text-like pages, where the meter skips blank spans) or dense noise.
     */
    private static SeparationPage mixedPage(Random random, int w, int h) {
        var names = new ArrayList<String>();
        for (String ink : SeparationPage.PROCESS_INKS) {
            if (random.nextInt(6) != 0) {
                names.add(ink);
            }
        }
        int spots = random.nextInt(3);
        for (int s = 0; s < spots; s++) {
            names.add("Spot " + s);
        }
        int style = random.nextInt(4);
        var channels = new ArrayList<Channel>();
        for (String name : names) {
            byte[] p = new byte[w * h];
            java.util.Arrays.fill(p, (byte) 255);
            if (style == 1 || style == 2) {
                int rects = random.nextInt(4);
                for (int r = 0; r < rects; r++) {
                    int x0 = random.nextInt(w);
                    int y0 = random.nextInt(h);
                    int x1 = Math.min(w, x0 + 1 + random.nextInt(Math.max(1, w / 2)));
                    int y1 = Math.min(h, y0 + 1 + random.nextInt(Math.max(1, h / 2)));
                    int ink = style == 1 ? 255 : random.nextInt(256);
                    for (int y = y0; y < y1; y++) {
                        for (int x = x0; x < x1; x++) {
                            p[y * w + x] = (byte) (255 - ink);
                        }
                    }
                }
            } else if (style == 3) {
                for (int i = 0; i < p.length; i++) {
                    p[i] = (byte) (255 - (random.nextInt(3) == 0 ? 0 : random.nextInt(256)));
                }
            }
            boolean process = SeparationPage.PROCESS_INKS.contains(name);
            channels.add(new Channel(name, process ? ChannelType.PROCESS : ChannelType.SPOT, w, h, p));
        }
        var geometry = new PageGeometry(1, new Box(0, 0, w * 72.0 / DPI, h * 72.0 / DPI),
                new Box(0, 0, w * 72.0 / DPI, h * 72.0 / DPI), null, null, null, 0, 1);
        return new SeparationPage(1, DPI, w, h, channels, geometry);
    }
}
