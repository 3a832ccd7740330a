package dev.preflight.engine.render;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class SummedAreaTableTests {

    private static long bruteSum(int[] v, int width, int x, int y, int w, int h) {
        long s = 0;
        for (int yy = y; yy < y + h; yy++) {
            for (int xx = x; xx < x + w; xx++) {
                s += v[yy * width + xx];
            }
        }
        return s;
    }

    @Test
    void windowSumsAndMaximumMatchABruteForceWindow() {
        var random = new Random(42);
        for (int trial = 0; trial < 25; trial++) {
            int width = 1 + random.nextInt(23);
            int height = 1 + random.nextInt(17);
            int[] v = new int[width * height];
            for (int i = 0; i < v.length; i++) {
                v[i] = random.nextInt(4 * 255 + 1);
            }
            var sat = new SummedAreaTable(width, height).fill(v);
            int w = 1 + random.nextInt(width);
            int h = 1 + random.nextInt(height);

            long bestBrute = Long.MIN_VALUE;
            int bx = -1;
            int by = -1;
            for (int y = 0; y + h <= height; y++) {
                for (int x = 0; x + w <= width; x++) {
                    long s = bruteSum(v, width, x, y, w, h);
                    assertThat(sat.sum(x, y, w, h)).isEqualTo(s);
                    if (s > bestBrute) {
                        bestBrute = s;
                        bx = x;
                        by = y;
                    }
                }
            }
            SummedAreaTable.Window best = sat.maxWindow(w, h);
            assertThat(best).isEqualTo(new SummedAreaTable.Window(bx, by, w, h, bestBrute));

            long limit = bestBrute / 2;
            long above = 0;
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    int wx = Math.max(0, Math.min(x - w / 2, width - w));
                    int wy = Math.max(0, Math.min(y - h / 2, height - h));
                    if (bruteSum(v, width, wx, wy, w, h) > limit) {
                        above++;
                    }
                }
            }
            assertThat(sat.countAbove(w, h, limit)).isEqualTo(above);
        }
    }

    @Test
    void windowBelongingToAPixelIsCentredAndShiftedInwardAtEdges() {
        assertThat(SummedAreaTable.windowStart(10, 5, 100)).isEqualTo(8);
        assertThat(SummedAreaTable.windowStart(0, 5, 100)).isZero();
        assertThat(SummedAreaTable.windowStart(99, 5, 100)).isEqualTo(95);
        assertThat(SummedAreaTable.windowStart(3, 100, 100)).isZero();
    }

    @Test
    void smallPeakIsDilutedByTheWindowWhileALargeAreaIsNot() {
        int width = 60;
        int height = 40;
        int[] v = new int[width * height];
        // a 3x3 peak of 400 % and a 12x12 block of 250 %
        for (int y = 5; y < 8; y++) {
            for (int x = 5; x < 8; x++) {
                v[y * width + x] = 4 * 255;
            }
        }
        for (int y = 20; y < 32; y++) {
            for (int x = 30; x < 42; x++) {
                v[y * width + x] = 250 * 255 / 100;
            }
        }
        var best = new SummedAreaTable(width, height).fill(v).maxWindow(10, 10);

        assertThat(best.x()).isBetween(30, 32);
        assertThat(best.y()).isBetween(20, 22);
        assertThat(best.sum()).isEqualTo(100L * (250 * 255 / 100));
    }
}
