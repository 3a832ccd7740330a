package dev.preflight.engine.render;

import dev.preflight.engine.EngineSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How to render and measure ink.
 *
 * @param dpi           render resolution (pages too large for it are rendered coarser, see {@link InkAnalyzer})
 * @param windowMm      side of the averaging square for TAC, millimetres (GWG: 15)
 * @param tacLimitAll   limit, in percent, for the share of the page above it (all separations)
 * @param tacLimitCmyk  the same for C+M+Y+K only
 * @param ghostscript   Ghostscript executable
 * @param timeout       bound on the whole analysis; Ghostscript is killed when it runs out
 * @param scratchDir    parent of the per-run directory, which is deleted afterwards
 * @param firstPage     first 1-based page to measure
 * @param lastPage      last page to measure; 0 means the last page of the document
 */
public record InkOptions(int dpi, double windowMm, double tacLimitAll, double tacLimitCmyk, String ghostscript,
                         Duration timeout, Path scratchDir, int firstPage, int lastPage) {

    /** GWG's averaging square (D0027/D0028). */
    public static final double GWG_WINDOW_MM = 15.0;

    public InkOptions {
        if (dpi < 1 || dpi > 2400) {
            throw new IllegalArgumentException("dpi must be within 1..2400");
        }
        if (!(windowMm > 0)) {
            throw new IllegalArgumentException("windowMm must be positive");
        }
        if (firstPage < 1 || lastPage < 0 || (lastPage > 0 && lastPage < firstPage)) {
            throw new IllegalArgumentException("page range " + firstPage + ".." + lastPage + " is not valid");
        }
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(scratchDir, "scratchDir");
        ghostscript = ghostscript == null || ghostscript.isBlank() ? "gs" : ghostscript;
    }

    /** All pages at the engine's ink resolution with the 15 mm window and limits of 300 %. */
    public static InkOptions of(EngineSettings settings) {
        return new InkOptions(settings.inkDpi(), GWG_WINDOW_MM, 300, 300, settings.ghostscript(),
                settings.renderTimeout(), settings.scratchDir(), 1, 0);
    }

    public InkOptions withDpi(int newDpi) {
        return new InkOptions(newDpi, windowMm, tacLimitAll, tacLimitCmyk, ghostscript, timeout, scratchDir,
                firstPage, lastPage);
    }

    public InkOptions withLimits(double all, double cmyk) {
        return new InkOptions(dpi, windowMm, all, cmyk, ghostscript, timeout, scratchDir, firstPage, lastPage);
    }

    public InkOptions withPages(int first, int last) {
        return new InkOptions(dpi, windowMm, tacLimitAll, tacLimitCmyk, ghostscript, timeout, scratchDir, first,
                last);
    }

    /** Side of the averaging window in pixels at a resolution: {@code round(windowMm / 25.4 * dpi)}, at least 1. */
    public static int windowPixels(double windowMm, int dpi) {
        return (int) Math.max(1, Math.round(windowMm / 25.4 * dpi));
    }
}
