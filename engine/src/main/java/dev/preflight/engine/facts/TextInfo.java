package dev.preflight.engine.facts;

/**
 * What a text-showing element shows.
 *
 * @param fontObjectId     object reference of the font dictionary (key into {@link DocumentFacts#fonts()}), or the
 *                         font's resource name prefixed with "res:" when it is a direct object
 * @param fontName         BaseFont as written (subset prefix included)
 * @param fontSize         effective font size in points: Tf size x text matrix x CTM (GWG D0019), before UserUnit
 * @param renderMode       text render mode 0..7 (3 = invisible, 7 = clip only)
 * @param glyphCount       number of glyphs shown by this element
 * @param text             the Unicode text where it can be extracted (may be truncated), else ""
 * @param angle            direction of the baseline in page space (text matrix x CTM, before /Rotate), degrees
 *                         counter-clockwise from the x axis in (-180, 180]: 0 reads left to right, 90 bottom to
 *                         top, -90 top to bottom
 */
public record TextInfo(String fontObjectId, String fontName, double fontSize, int renderMode, int glyphCount,
                       String text, double angle) {

    /** Text on a horizontal baseline (hand-built facts in tests). */
    public TextInfo(String fontObjectId, String fontName, double fontSize, int renderMode, int glyphCount,
                    String text) {
        this(fontObjectId, fontName, fontSize, renderMode, glyphCount, text, 0);
    }
}
