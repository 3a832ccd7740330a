package dev.preflight.engine.view;

import java.awt.image.BufferedImage;

/**
 * Compares two renders of a page at the same resolution, as a score and as a picture.
 *
 * <p><b>Canvas.</b> Both renders are placed with their top-left corners together on a white canvas as wide as the
 * wider and as tall as the taller; where a render has no pixels it counts as white paper. Pages of different sizes
 * are therefore compared whole, and content beyond the smaller page shows up as ink in one render only.
 *
 * <p><b>SSIM</b> (Wang, Bovik, Sheikh and Simoncelli, 2004) on luminance {@code Y = 0.299 R + 0.587 G + 0.114 B}:
 * an 11 x 11 Gaussian window with sigma 1.5, {@code K1 = 0.01}, {@code K2 = 0.03}, {@code L = 255}
 * ({@code C1 = (K1 L)^2}, {@code C2 = (K2 L)^2}), averaged over every window position lying fully inside the
 * canvas. A canvas smaller than 11 pixels on a side is one window with uniform weights.
 *
 * <p><b>Diff picture</b> (RGBA, canvas size). A pixel is <i>ink</i> when its darkest channel is below
 * {@link #PAPER_LEVEL}. Ink in A only is green {@code #00C800}; ink in B only is red {@code #E00000}; otherwise,
 * when any channel differs by more than {@link #COLOUR_TOLERANCE}, amber {@code #FFB000}; every other pixel is fully
 * transparent. Marked pixels are opaque. {@link PageComparison#diffPixelCount()} counts the marked pixels.
 */
public final class PageDiff {

    /** Gaussian window side, pixels. */
    public static final int WINDOW = 11;
    /** Gaussian window standard deviation, pixels. */
    public static final double SIGMA = 1.5;
    public static final double K1 = 0.01;
    public static final double K2 = 0.03;
    public static final double L = 255;
    /** A pixel whose darkest channel is below this is ink; at or above it, paper. */
    public static final int PAPER_LEVEL = 230;
    /** Largest per-channel difference (0..255) still treated as the same colour. */
    public static final int COLOUR_TOLERANCE = 32;

    public static final int GREEN = 0xFF00C800;
    public static final int RED = 0xFFE00000;
    public static final int AMBER = 0xFFFFB000;

    private static final double C1 = (K1 * L) * (K1 * L);
    private static final double C2 = (K2 * L) * (K2 * L);
    private static final float[] KERNEL = kernel();

    private PageDiff() {
    }

    /** Scores two renders and counts the pixels the diff picture would mark. */
    public static PageComparison compare(BufferedImage a, BufferedImage b) {
        int w = Math.max(a.getWidth(), b.getWidth());
        int h = Math.max(a.getHeight(), b.getHeight());
        long marked = 0;
        int[] ra = new int[w];
        int[] rb = new int[w];
        for (int y = 0; y < h; y++) {
            row(a, y, ra);
            row(b, y, rb);
            for (int x = 0; x < w; x++) {
                if (mark(ra[x], rb[x]) != 0) {
                    marked++;
                }
            }
        }
        return new PageComparison(ssim(a, b, w, h), marked, (long) w * h, w, h);
    }

    /** The diff picture as an RGBA image ({@code TYPE_INT_ARGB}). */
    public static BufferedImage image(BufferedImage a, BufferedImage b) {
        int w = Math.max(a.getWidth(), b.getWidth());
        int h = Math.max(a.getHeight(), b.getHeight());
        var out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        int[] ra = new int[w];
        int[] rb = new int[w];
        int[] target = new int[w];
        for (int y = 0; y < h; y++) {
            row(a, y, ra);
            row(b, y, rb);
            for (int x = 0; x < w; x++) {
                target[x] = mark(ra[x], rb[x]);
            }
            out.setRGB(0, y, w, 1, target, 0, w);
        }
        return out;
    }

    /** The diff picture as PNG. */
    public static byte[] png(BufferedImage a, BufferedImage b) {
        return Png.encode(image(a, b));
    }

    /**
     * Renders one page of two documents at the same resolution (default layers) and compares them.
     *
     * @throws InvalidViewRequestException when either document lacks the page
     */
    public static PageComparison compare(TileRenderer a, TileRenderer b, int pageNum, int dpi)
            throws PageRenderException, PixelBudgetExceededException {
        return compare(a.renderImage(pageNum, dpi, LayerToggles.NONE, null),
                b.renderImage(pageNum, dpi, LayerToggles.NONE, null));
    }

    static int mark(int pa, int pb) {
        boolean inkA = darkest(pa) < PAPER_LEVEL;
        boolean inkB = darkest(pb) < PAPER_LEVEL;
        if (inkA && !inkB) {
            return GREEN;
        }
        if (inkB && !inkA) {
            return RED;
        }
        int dr = Math.abs(((pa >> 16) & 0xff) - ((pb >> 16) & 0xff));
        int dg = Math.abs(((pa >> 8) & 0xff) - ((pb >> 8) & 0xff));
        int db = Math.abs((pa & 0xff) - (pb & 0xff));
        return Math.max(dr, Math.max(dg, db)) > COLOUR_TOLERANCE ? AMBER : 0;
    }

    private static int darkest(int p) {
        return Math.min((p >> 16) & 0xff, Math.min((p >> 8) & 0xff, p & 0xff));
    }

    /** Row {@code y} of an image on the canvas: its pixels, then white. */
    private static void row(BufferedImage img, int y, int[] into) {
        int n = 0;
        if (y < img.getHeight()) {
            n = img.getWidth();
            img.getRGB(0, y, n, 1, into, 0, n);
        }
        java.util.Arrays.fill(into, n, into.length, 0xFFFFFF);
    }

    private static float luma(int p) {
        return (float) (0.299 * ((p >> 16) & 0xff) + 0.587 * ((p >> 8) & 0xff) + 0.114 * (p & 0xff));
    }

    /**
     * Mean SSIM, computed row by row: each row's five local sums (a, b, a^2, b^2, ab) are filtered horizontally
     * once and kept in a ring of {@link #WINDOW} rows for the vertical pass, so memory follows the width.
     */
    private static double ssim(BufferedImage a, BufferedImage b, int w, int h) {
        if (w < WINDOW || h < WINDOW) {
            return globalSsim(a, b, w, h);
        }
        int outW = w - WINDOW + 1;
        float[][][] ring = new float[WINDOW][5][outW];
        int[] ra = new int[w];
        int[] rb = new int[w];
        float[] la = new float[w];
        float[] lb = new float[w];
        double total = 0;
        long windows = 0;
        for (int y = 0; y < h; y++) {
            row(a, y, ra);
            row(b, y, rb);
            for (int x = 0; x < w; x++) {
                la[x] = luma(ra[x]);
                lb[x] = luma(rb[x]);
            }
            float[][] slot = ring[y % WINDOW];
            for (int x = 0; x < outW; x++) {
                float sa = 0;
                float sb = 0;
                float saa = 0;
                float sbb = 0;
                float sab = 0;
                for (int k = 0; k < WINDOW; k++) {
                    float g = KERNEL[k];
                    float va = la[x + k];
                    float vb = lb[x + k];
                    sa += g * va;
                    sb += g * vb;
                    saa += g * va * va;
                    sbb += g * vb * vb;
                    sab += g * va * vb;
                }
                slot[0][x] = sa;
                slot[1][x] = sb;
                slot[2][x] = saa;
                slot[3][x] = sbb;
                slot[4][x] = sab;
            }
            if (y < WINDOW - 1) {
                continue;
            }
            for (int x = 0; x < outW; x++) {
                double ma = 0;
                double mb = 0;
                double eaa = 0;
                double ebb = 0;
                double eab = 0;
                for (int k = 0; k < WINDOW; k++) {
                    float[][] r = ring[(y - WINDOW + 1 + k) % WINDOW];
                    double g = KERNEL[k];
                    ma += g * r[0][x];
                    mb += g * r[1][x];
                    eaa += g * r[2][x];
                    ebb += g * r[3][x];
                    eab += g * r[4][x];
                }
                total += index(ma, mb, eaa - ma * ma, ebb - mb * mb, eab - ma * mb);
                windows++;
            }
        }
        return total / windows;
    }

    private static double globalSsim(BufferedImage a, BufferedImage b, int w, int h) {
        int[] ra = new int[w];
        int[] rb = new int[w];
        double sa = 0;
        double sb = 0;
        double saa = 0;
        double sbb = 0;
        double sab = 0;
        for (int y = 0; y < h; y++) {
            row(a, y, ra);
            row(b, y, rb);
            for (int x = 0; x < w; x++) {
                double va = luma(ra[x]);
                double vb = luma(rb[x]);
                sa += va;
                sb += vb;
                saa += va * va;
                sbb += vb * vb;
                sab += va * vb;
            }
        }
        double n = (double) w * h;
        double ma = sa / n;
        double mb = sb / n;
        return index(ma, mb, saa / n - ma * ma, sbb / n - mb * mb, sab / n - ma * mb);
    }

    private static double index(double ma, double mb, double va, double vb, double cov) {
        return ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
    }

    private static float[] kernel() {
        var k = new float[WINDOW];
        double sum = 0;
        int half = WINDOW / 2;
        for (int i = 0; i < WINDOW; i++) {
            double d = i - half;
            k[i] = (float) Math.exp(-(d * d) / (2 * SIGMA * SIGMA));
            sum += k[i];
        }
        for (int i = 0; i < WINDOW; i++) {
            k[i] = (float) (k[i] / sum);
        }
        return k;
    }
}
