package dev.preflight.engine.barcodes;

import dev.preflight.engine.Box;

import java.util.List;

/**
 * One decoded code and what it measures. Lengths are measured on the page rendered at {@link PageBarcodes#dpi()}.
 *
 * @param pageNum            1-based page
 * @param symbology          what it is
 * @param data               decoded data (GS1 element strings with ASCII 29 between variable-length fields)
 * @param gs1                the code carries GS1 element strings (FNC1 in first position)
 * @param bbox               the symbol's marks without quiet zones, PDF points, origin lower-left
 * @param angleDegrees       direction of reading on the page, counter-clockwise from the page's x axis
 * @param modules            modules across the symbol (its width in X)
 * @param xDimensionMm       the module width
 * @param barHeightMm        median height of the bars (linear codes), else null
 * @param quietZones         the quiet zones and how much of each is clear
 * @param barReflectance     median reflectance of the bars in red light (sRGB red channel, linear), 0..1
 * @param spaceReflectance   median reflectance of the spaces and quiet zones in red light, 0..1
 */
public record BarcodeFact(int pageNum, Symbology symbology, String data, boolean gs1, Box bbox, double angleDegrees,
                          double modules, double xDimensionMm, Double barHeightMm, List<QuietZone> quietZones,
                          double barReflectance, double spaceReflectance) {

    public BarcodeFact {
        quietZones = quietZones == null ? List.of() : List.copyOf(quietZones);
    }

    /** The symbology's name as reported ({@code GS1-128} for a Code 128 carrying GS1 data). */
    public String symbologyName() {
        return symbology.displayName(gs1);
    }

    /** Magnification against the symbology's nominal X-dimension, percent; null when it has none. */
    public Double magnificationPercent() {
        return symbology.nominalXmm() == null ? null : 100.0 * xDimensionMm / symbology.nominalXmm();
    }

    /** Symbol contrast in red light (ISO/IEC 15416's Rmax - Rmin on medians), percent. */
    public double symbolContrastPercent() {
        return 100.0 * (spaceReflectance - barReflectance);
    }
}
