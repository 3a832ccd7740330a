package dev.preflight.engine.view;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads ink at a point of a separation render, like a densitometer on a proof: the mean of a 3 x 3 pixel patch
 * centred on the pixel holding the point (the part of it on the page, at an edge), per channel, and their sum.
 * Works on a render in memory or on a {@link SeparationFile}, from which only the few rows needed are read.
 */
public final class Densitometer {

    /** Side of the patch, pixels. */
    public static final int PATCH = 3;

    private Densitometer() {
    }

    /**
     * Reads a render in memory.
     *
     * @param x        PDF points, origin lower-left (the page's user space)
     * @param y        PDF points, origin lower-left
     * @param tacLimit percent
     * @throws InvalidViewRequestException when the point is off the page
     */
    public static DensitometerReading read(SeparationPage page, double x, double y, double tacLimit) {
        TacHeatmap.checkLimit(tacLimit);
        RasterGrid grid = new RasterGrid(page.geometry(), page.dpi(), page.width(), page.height());
        PixelRect patch = patch(grid, x, y);
        var names = new ArrayList<String>();
        var sums = new ArrayList<Long>();
        for (Channel c : page.channels()) {
            long sum = 0;
            for (int py = patch.y(); py < patch.y() + patch.height(); py++) {
                for (int px = patch.x(); px < patch.x() + patch.width(); px++) {
                    sum += c.ink(px, py);
                }
            }
            names.add(c.name());
            sums.add(sum);
        }
        return reading(x, y, page.dpi(), names, sums, patch.pixels(), tacLimit);
    }

    /** Reads a stored render, decompressing only the bands under the patch. */
    public static DensitometerReading read(SeparationFile file, double x, double y, double tacLimit)
            throws IOException {
        TacHeatmap.checkLimit(tacLimit);
        PixelRect patch = patch(file.grid(), x, y);
        int[][] ink = file.window(patch);
        var names = new ArrayList<String>();
        var sums = new ArrayList<Long>();
        for (int c = 0; c < ink.length; c++) {
            long sum = 0;
            for (int v : ink[c]) {
                sum += v;
            }
            names.add(file.channels().get(c).name());
            sums.add(sum);
        }
        return reading(x, y, file.dpi(), names, sums, patch.pixels(), tacLimit);
    }

    /** Total ink of the single pixel holding a point, percent (one decimal), for the colour picker. */
    public static double pixelTac(SeparationPage page, double x, double y) {
        RasterGrid grid = new RasterGrid(page.geometry(), page.dpi(), page.width(), page.height());
        int[] px = pixel(grid, x, y);
        long ink = 0;
        for (Channel c : page.channels()) {
            ink += c.ink(px[0], px[1]);
        }
        return round1(ink * 100.0 / 255.0);
    }

    /** Total ink of the single pixel holding a point in a stored render, percent (one decimal). */
    public static double pixelTac(SeparationFile file, double x, double y) throws IOException {
        int[] px = pixel(file.grid(), x, y);
        long ink = 0;
        for (int[] channel : file.window(new PixelRect(px[0], px[1], 1, 1))) {
            ink += channel[0];
        }
        return round1(ink * 100.0 / 255.0);
    }

    private static int[] pixel(RasterGrid grid, double x, double y) {
        int[] px = grid.pixelAt(x, y);
        if (px == null) {
            throw TileRenderer.offPage(grid, x, y);
        }
        return px;
    }

    private static PixelRect patch(RasterGrid grid, double x, double y) {
        int[] px = pixel(grid, x, y);
        int half = PATCH / 2;
        int x0 = Math.max(0, px[0] - half);
        int y0 = Math.max(0, px[1] - half);
        int x1 = Math.min(grid.width(), px[0] + half + 1);
        int y1 = Math.min(grid.height(), px[1] + half + 1);
        return new PixelRect(x0, y0, x1 - x0, y1 - y0);
    }

    private static DensitometerReading reading(double x, double y, int dpi, List<String> names, List<Long> sums,
                                               long pixels, double tacLimit) {
        var channels = new ArrayList<ChannelReading>(names.size());
        long total = 0;
        for (int i = 0; i < names.size(); i++) {
            channels.add(new ChannelReading(names.get(i), round1(sums.get(i) * 100.0 / 255.0 / pixels)));
            total += sums.get(i);
        }
        double tac = round1(total * 100.0 / 255.0 / pixels);
        // compared before rounding, in ink units, as the heatmap compares pixels
        boolean exceeded = total * 100.0 > tacLimit * 255.0 * pixels;
        return new DensitometerReading(x, y, dpi, channels, tac, tacLimit, exceeded);
    }

    private static double round1(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
