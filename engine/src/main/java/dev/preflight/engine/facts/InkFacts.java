package dev.preflight.engine.facts;

import dev.preflight.engine.Box;

import java.util.Map;

/**
 * Ink measured on a rendered page (Ghostscript separations, overprint simulated).
 *
 * @param dpi                 render resolution
 * @param coveragePercent     average coverage of each separation over the whole page, 0..100
 * @param maxTacAll           maximum over the page of the average total ink (all separations) within any square of
 *                            the window size (GWG D0027/D0028), in percent
 * @param worstWindowAll      where that maximum is, in points (origin bottom-left)
 * @param maxTacCmyk          the same for C+M+Y+K only
 * @param worstWindowCmyk     where that maximum is
 * @param maxPixelTac         the highest single-pixel total (all separations), in percent
 * @param areaOverLimitAllPct share of the page whose windowed total (all separations) exceeds the limit asked for
 * @param areaOverLimitCmykPct the same for CMYK
 * @param maxBlackWindow      maximum windowed K coverage, percent (EPM heavy black)
 * @param maxCmyAfterKConversion maximum windowed C+M+Y after replacing K by equal C, M and Y (each capped at 100 %),
 *                            percent (EPM, CMY-only press)
 * @param neutralGreyAreaPct  share of the page painted with K only or balanced C=M=Y (EPM neutral greys)
 * @param empty               no ink at all on the page
 * @param windowMm            side of the averaging square, millimetres
 */
public record InkFacts(int dpi, Map<String, Double> coveragePercent, double maxTacAll, Box worstWindowAll,
                       double maxTacCmyk, Box worstWindowCmyk, double maxPixelTac, double areaOverLimitAllPct,
                       double areaOverLimitCmykPct, double maxBlackWindow, double maxCmyAfterKConversion,
                       double neutralGreyAreaPct, boolean empty, double windowMm) {
}
