package dev.preflight.engine.view;

import java.awt.image.BufferedImage;
import java.util.List;

/**
 * The TAC heatmap: the page desaturated to grey, with every pixel whose total ink is above the limit tinted red.
 *
 * <p>Total ink (TAC) of a pixel is the sum of all its separations, process and spot, each 0 to 100 %, exactly as
 * Ghostscript rendered them (overprint simulated); a pixel is marked when its TAC is strictly above the limit. The
 * grey is the luma of the PDFBox render ({@code 0.299 R + 0.587 G + 0.114 B}); a marked pixel is that grey blended
 * with pure red at {@link #ALPHA}. The image lies on the separation render's grid (its size and dpi).
 */
public final class TacHeatmap {

    /** Opacity of the red over a marked pixel. */
    public static final double ALPHA = 0.6;

    private TacHeatmap() {
    }

    /**
     * Renders the heatmap of a separation render, drawing the page itself with the tile renderer on the same grid.
     *
     * @param tacLimit percent, strictly above which a pixel is marked
     */
    public static BufferedImage render(TileRenderer tiles, SeparationPage separations, double tacLimit)
            throws PageRenderException, PixelBudgetExceededException {
        RasterGrid grid = new RasterGrid(tiles.page(separations.pageNum()), separations.dpi(), separations.width(),
                separations.height());
        BufferedImage page = tiles.renderImage(grid, grid.full(), LayerToggles.NONE);
        return render(page, separations, tacLimit);
    }

    /**
     * The heatmap over an RGB rendering of the page. When the rendering's size differs from the separations'
     * (another renderer rounding the page size the other way), it is resampled to the separations' grid.
     */
    public static BufferedImage render(BufferedImage page, SeparationPage separations, double tacLimit) {
        checkLimit(tacLimit);
        int w = separations.width();
        int h = separations.height();
        var out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        byte[][] planes = planes(separations);
        long threshold = thresholdInk(tacLimit);
        int[] row = new int[page.getWidth()];
        int[] target = new int[w];
        for (int y = 0; y < h; y++) {
            int sy = page.getHeight() == h ? y : Math.min(page.getHeight() - 1, (int) ((long) y * page.getHeight() / h));
            page.getRGB(0, sy, page.getWidth(), 1, row, 0, page.getWidth());
            int o = y * w;
            for (int x = 0; x < w; x++) {
                int sx = page.getWidth() == w ? x : Math.min(page.getWidth() - 1, (int) ((long) x * page.getWidth() / w));
                int p = row[sx];
                int grey = (int) Math.round(0.299 * ((p >> 16) & 0xff) + 0.587 * ((p >> 8) & 0xff) + 0.114 * (p & 0xff));
                int ink = 0;
                for (byte[] plane : planes) {
                    ink += 255 - (plane[o + x] & 0xff);
                }
                if (ink * 100L > threshold) {
                    int r = (int) Math.round(grey * (1 - ALPHA) + 255 * ALPHA);
                    int gb = (int) Math.round(grey * (1 - ALPHA));
                    target[x] = (r << 16) | (gb << 8) | gb;
                } else {
                    target[x] = (grey << 16) | (grey << 8) | grey;
                }
            }
            out.setRGB(0, y, w, 1, target, 0, w);
        }
        return out;
    }

    /** The heatmap as PNG. */
    public static byte[] png(TileRenderer tiles, SeparationPage separations, double tacLimit)
            throws PageRenderException, PixelBudgetExceededException {
        return Png.encode(render(tiles, separations, tacLimit));
    }

    static byte[][] planes(SeparationPage page) {
        List<Channel> channels = page.channels();
        byte[][] planes = new byte[channels.size()][];
        for (int i = 0; i < planes.length; i++) {
            planes[i] = channels.get(i).plane();
        }
        return planes;
    }

    /**
     * The limit in ink units times 100: a pixel whose summed ink {@code s} (0..255 per channel) has
     * {@code s * 100 > thresholdInk} is above the limit; integer arithmetic keeps 300 % exactly at 300 %.
     */
    static long thresholdInk(double tacLimit) {
        return (long) Math.floor(tacLimit * 255.0 + 1e-9);
    }

    static void checkLimit(double tacLimit) {
        if (!(tacLimit >= 0) || Double.isInfinite(tacLimit)) {
            throw new InvalidViewRequestException("tac_limit", "tac_limit must be a number of percent, not "
                    + tacLimit + ".");
        }
    }
}
