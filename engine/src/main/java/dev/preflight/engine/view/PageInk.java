package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.InkFacts;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Ink measured on one rendered page (Ghostscript separations, overprint simulated).
 *
 * @param dpi                 the resolution the page was rendered at
 * @param coveragePercent     average coverage of each separation over the whole page, 0..100, by ink name
 * @param maxTacAll           maximum over the page of the average total ink (all separations) within any square of
 *                            the window size, percent
 * @param worstWindowAll      where that maximum is, in PDF points (origin bottom-left), or null
 * @param maxPixelTac         the highest single-pixel total (all separations), percent
 * @param areaOverLimitAllPct share of the page whose windowed total exceeds the limit asked for, percent
 * @param empty               no ink at all on the page
 */
public record PageInk(int dpi, Map<String, Double> coveragePercent, double maxTacAll, Box worstWindowAll,
                      double maxPixelTac, double areaOverLimitAllPct, boolean empty) {

    public PageInk {
        coveragePercent = Collections.unmodifiableMap(new LinkedHashMap<>(coveragePercent));
    }

    static PageInk of(InkFacts f) {
        return new PageInk(f.dpi(), f.coveragePercent(), f.maxTacAll(), f.worstWindowAll(), f.maxPixelTac(),
                f.areaOverLimitAllPct(), f.empty());
    }
}
