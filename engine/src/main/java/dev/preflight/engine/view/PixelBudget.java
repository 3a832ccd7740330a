package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;

import java.util.Locale;

/**
 * The most pixels one render may allocate. An RGB tile costs four bytes a pixel while it is drawn, so the default
 * of 60 megapixels bounds a render to about 240 MB; A0 at 600 dpi would need 560 megapixels.
 *
 * @param maxPixels pixels allowed per render
 */
public record PixelBudget(long maxPixels) {

    /** 60 megapixels. */
    public static final long DEFAULT_MAX_PIXELS = 60_000_000L;
    /** Highest resolution the viewer offers. */
    public static final int MAX_DPI = 600;

    public PixelBudget {
        if (maxPixels < 1) {
            throw new IllegalArgumentException("a pixel budget must be positive");
        }
    }

    public static PixelBudget defaults() {
        return new PixelBudget(DEFAULT_MAX_PIXELS);
    }

    /**
     * Pixels a render of the page (or of a region of it: PDF points, origin lower-left; null for the whole page)
     * needs at a resolution; 0 when the region does not overlap the page.
     */
    public static long pixels(PageGeometry page, int dpi, Box region) {
        RasterGrid grid = RasterGrid.of(page, dpi);
        if (region == null) {
            return grid.pixels();
        }
        PixelRect rect = grid.cover(region);
        return rect == null ? 0 : rect.pixels();
    }

    /** True when the render fits the budget. */
    public boolean fits(PageGeometry page, int dpi, Box region) {
        return pixels(page, dpi, region) <= maxPixels;
    }

    /** The largest resolution from 1 to {@link #MAX_DPI} at which the render fits; 0 when even 1 dpi does not. */
    public int largestDpi(PageGeometry page, Box region) {
        if (!fits(page, 1, region)) {
            return 0;
        }
        int lo = 1;
        int hi = MAX_DPI;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (fits(page, mid, region)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * Throws when the render does not fit, with a message naming the largest resolution that does.
     *
     * @throws PixelBudgetExceededException when it does not fit
     */
    public void require(PageGeometry page, int dpi, Box region) throws PixelBudgetExceededException {
        long need = pixels(page, dpi, region);
        if (need <= maxPixels) {
            return;
        }
        int best = largestDpi(page, region);
        String what = region == null ? "Page " + page.pageNum() : "This region of page " + page.pageNum();
        String message = String.format(Locale.ROOT,
                "%s at %d dpi needs %.1f megapixels, more than the limit of %.1f megapixels; %s", what, dpi,
                need / 1e6, maxPixels / 1e6,
                best == 0 ? "it cannot be rendered at any resolution, ask for a smaller region."
                        : "the largest resolution that fits is " + best + " dpi"
                        + (region == null ? ", or ask for a region of the page." : "."));
        throw new PixelBudgetExceededException(message, need, maxPixels, best);
    }
}
