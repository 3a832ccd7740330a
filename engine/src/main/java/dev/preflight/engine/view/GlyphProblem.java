package dev.preflight.engine.view;

/**
 * Something wrong with how a font's glyphs will print.
 *
 * @param kind    {@code missing_glyphs}: glyphs shown that the embedded program lacks (they print as .notdef);
 *                {@code font_unreadable}: the font or its program could not be read;
 *                {@code widths_missing}: a simple font other than the standard 14 has no /Widths;
 *                {@code widths_count_mismatch}: /Widths does not hold {@code LastChar - FirstChar + 1} entries;
 *                {@code widths_mismatch}: /Widths disagrees with the embedded program by more than one unit
 *                (of 1000 per em) for some character codes
 * @param count   how many glyphs or codes are affected (1 when the problem is the font as a whole)
 * @param message a sentence for the reader
 */
public record GlyphProblem(String kind, int count, String message) {
}
