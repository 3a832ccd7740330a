package dev.preflight.engine.view;

import java.util.List;

/**
 * One font of the document.
 *
 * @param name           /BaseFont as written, subset tag included
 * @param baseName       the name without its subset tag
 * @param type           Type0, Type1, MMType1, TrueType or Type3
 * @param descendantType for Type0: CIDFontType0 or CIDFontType2, else null
 * @param fontFileType   how the program is embedded (FontFile, FontFile2, FontFile3/Type1C, FontFile3/CIDFontType0C,
 *                       FontFile3/OpenType), or null when it is not
 * @param embedded       a program is embedded (Type 3 fonts always are)
 * @param subset         the name carries a subset tag (ABCDEF+)
 * @param standard14     one of the 14 standard fonts by name
 * @param pages          1-based pages on which it shows glyphs
 * @param glyphsUsed     glyphs shown with it across the document
 * @param problems       glyph problems found; empty when none
 * @param objectId       the font dictionary's object ("12 0 R"), or {@code res:<page>:<name>} for a direct one
 */
public record FontInfo(String name, String baseName, String type, String descendantType, String fontFileType,
                       boolean embedded, boolean subset, boolean standard14, List<Integer> pages, int glyphsUsed,
                       List<GlyphProblem> problems, String objectId) {

    public FontInfo {
        pages = List.copyOf(pages);
        problems = List.copyOf(problems);
    }
}
