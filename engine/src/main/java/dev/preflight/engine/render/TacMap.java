package dev.preflight.engine.render;

import dev.preflight.engine.view.Channel;
import dev.preflight.engine.view.ChannelType;
import dev.preflight.engine.view.SeparationPage;

/**
 * Total area coverage of one rendered page, per pixel and averaged over the window, for heatmaps. Values are
 * percent (0 to 100 per separation); rows top first, in the page's displayed orientation like {@link Channel}.
 *
 * @param width     pixels per row
 * @param height    rows
 * @param dpi       render resolution
 * @param windowPx  side of the averaging square, pixels
 * @param total     per-pixel total of all separations
 * @param windowed  per-pixel average over the window centred on the pixel (shifted inward at the page's edges,
 *                  so every value is the average of a full window and the largest equals the page's maximum TAC)
 */
public record TacMap(int width, int height, int dpi, int windowPx, float[] total, float[] windowed) {

    /** The map of all separations of a page with a window of {@code windowMm}. */
    public static TacMap of(SeparationPage page, double windowMm) {
        return of(page, windowMm, false);
    }

    /**
     * The map of a page.
     *
     * @param cmykOnly count the four process inks only
     */
    public static TacMap of(SeparationPage page, double windowMm, boolean cmykOnly) {
        int w = page.width();
        int h = page.height();
        byte[][] planes = page.channels().stream()
                .filter(c -> !cmykOnly || c.type() == ChannelType.PROCESS)
                .map(Channel::plane).toArray(byte[][]::new);
        int[] ink = new int[w * h];
        for (byte[] plane : planes) {
            for (int i = 0; i < ink.length; i++) {
                ink[i] += 255 - (plane[i] & 0xff);
            }
        }
        float[] total = new float[w * h];
        for (int i = 0; i < ink.length; i++) {
            total[i] = ink[i] * 100f / 255f;
        }
        var sat = new SummedAreaTable(w, h).fill(ink);
        int side = InkOptions.windowPixels(windowMm, page.dpi());
        int ww = Math.min(side, w);
        int wh = Math.min(side, h);
        double scale = 100.0 / (255.0 * ww * wh);
        float[] windowed = new float[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                windowed[y * w + x] = (float) (sat.windowSumAt(x, y, ww, wh) * scale);
            }
        }
        return new TacMap(w, h, page.dpi(), side, total, windowed);
    }

    /** The largest windowed value. */
    public float maxWindowed() {
        float max = 0;
        for (float v : windowed) {
            max = Math.max(max, v);
        }
        return max;
    }
}
