package dev.preflight.engine.facts;

import java.util.List;

/**
 * A font resource used by the document.
 *
 * @param objectId      object reference ("12 0 R"), or "res:<page>:<name>" for direct font dictionaries
 * @param name          BaseFont as written, subset prefix included
 * @param type          Type0, Type1, MMType1, TrueType, Type3
 * @param descendantType for Type0: CIDFontType0 or CIDFontType2; else null
 * @param fontFileType  FontFile (Type1), FontFile2 (TrueType), FontFile3/Type1C, FontFile3/CIDFontType0C,
 *                      FontFile3/OpenType, or null when not embedded
 * @param embedded      a font program is embedded (Type 3 fonts count as embedded)
 * @param subset        the name carries a subset tag (ABCDEF+)
 * @param standard14    one of the 14 standard fonts by name
 * @param fsType        OS/2 fsType embedding permission bits of the embedded program, or null when unknown
 * @param pages         1-based pages on which the font shows glyphs
 * @param glyphsUsed    glyphs shown with this font across the document
 * @param glyphsMissing glyphs shown that the embedded program does not contain (.notdef)
 * @param damaged       the font program could not be read
 * @param problem       why it could not be read, else null
 * @param glyphsWithoutUnicode glyphs shown whose codes map to no Unicode text: no ToUnicode entry, and neither a
 *                      standard encoding nor a known glyph name gives one (ISO 32000-1 9.10.2)
 */
public record FontFact(String objectId, String name, String type, String descendantType, String fontFileType,
                       boolean embedded, boolean subset, boolean standard14, Integer fsType, List<Integer> pages,
                       int glyphsUsed, int glyphsMissing, boolean damaged, String problem, int glyphsWithoutUnicode) {

    /** A font whose glyphs all map to Unicode (hand-built facts in tests). */
    public FontFact(String objectId, String name, String type, String descendantType, String fontFileType,
                    boolean embedded, boolean subset, boolean standard14, Integer fsType, List<Integer> pages,
                    int glyphsUsed, int glyphsMissing, boolean damaged, String problem) {
        this(objectId, name, type, descendantType, fontFileType, embedded, subset, standard14, fsType, pages,
                glyphsUsed, glyphsMissing, damaged, problem, 0);
    }

    public FontFact {
        pages = pages == null ? List.of() : List.copyOf(pages);
    }

    /** The name without a subset prefix. */
    public String baseName() {
        if (name != null && name.length() > 7 && name.charAt(6) == '+') {
            return name.substring(7);
        }
        return name;
    }
}
