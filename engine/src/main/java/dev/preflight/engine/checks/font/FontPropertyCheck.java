package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;

/**
 * Reports each font with one property (not embedded, damaged, Type 3, ...) as "Font NAME PROBLEM", with the font's
 * name, type and pages and any property-specific details; one instance per inspection id.
 */
public final class FontPropertyCheck implements Check {

    private final CheckInfo info;
    private final BiPredicate<FontFact, DocumentFacts> applies;
    private final String problem;
    private final BiConsumer<FontFact, CheckContext.Builder> extraDetails;

    private FontPropertyCheck(String id, String name, String description, Severity severity,
                              BiPredicate<FontFact, DocumentFacts> applies, String problem,
                              BiConsumer<FontFact, CheckContext.Builder> extraDetails) {
        this.info = new CheckInfo(id, name, description, "font", severity, "font", List.of(), false);
        this.applies = applies;
        this.problem = problem;
        this.extraDetails = extraDetails;
    }

    /** FONT_BITMAP_ONLY: Font allows bitmap embedding only. */
    public static FontPropertyCheck bitmapOnly() {
        return new FontPropertyCheck("FONT_BITMAP_ONLY", "Font allows bitmap embedding only",
                "The embedded font program's OS/2 fsType has the bitmap-embedding-only bit (0x0200): the licence allows only bitmaps to be embedded, so outline output may be refused or rasterised.",
                Severity.WARNING, (f, facts) -> f.fsType() != null && (f.fsType() & 0x0200) != 0 && f.embedded(),
                "may only be embedded as bitmaps", (f, b) -> b.detail("fs_type", f.fsType()));
    }

    /** FONT_COURIER: Courier font used. */
    public static FontPropertyCheck courier() {
        return new FontPropertyCheck("FONT_COURIER", "Courier font used",
                "Text uses the font named exactly \"Courier\" (GWG R0014). Courier in a job is usually a substitution for a missing font, so the text will not look as designed.",
                Severity.WARNING, (f, facts) -> "Courier".equals(f.baseName()) && FontUse.used(f),
                "is named exactly Courier", (f, b) -> { });
    }

    /** FONT_DAMAGED: Damaged font. */
    public static FontPropertyCheck damaged() {
        return new FontPropertyCheck("FONT_DAMAGED", "Damaged font",
                "The embedded font program could not be read. RIPs may stop, substitute the font or drop the text.",
                Severity.ERROR, (f, facts) -> f.damaged(),
                "is damaged", (f, b) -> b.detail("problem", f.problem()));
    }

    /** FONT_GLYPHS_MISSING: Glyphs missing from font. */
    public static FontPropertyCheck glyphsMissing() {
        return new FontPropertyCheck("FONT_GLYPHS_MISSING", "Glyphs missing from font",
                "Text shows glyphs that the embedded font program does not contain; they print as .notdef (blank or a box).",
                Severity.ERROR, (f, facts) -> f.glyphsMissing() > 0,
                "shows glyphs it does not contain",
                (f, b) -> b.detail("glyphs_missing", f.glyphsMissing()).detail("glyphs_used", f.glyphsUsed()));
    }

    /** FONT_LICENSE_RESTRICTED: Font licence forbids embedding. */
    public static FontPropertyCheck licenseRestricted() {
        return new FontPropertyCheck("FONT_LICENSE_RESTRICTED", "Font licence forbids embedding",
                "The embedded font program's OS/2 fsType has the restricted-licence bit (0x0002) without a more permissive bit (0x0004 preview & print, 0x0008 editable): the licence does not allow embedding, and some tools refuse to process it.",
                Severity.WARNING, (f, facts) -> f.fsType() != null && (f.fsType() & 0x000E) == 0x0002 && f.embedded(),
                "is embedded although its licence forbids embedding",
                (f, b) -> b.detail("fs_type", f.fsType()));
    }

    /** FONT_MULTIPLE_MASTER: Multiple master font. */
    public static FontPropertyCheck multipleMaster() {
        return new FontPropertyCheck("FONT_MULTIPLE_MASTER", "Multiple master font",
                "Multiple master Type 1 fonts are obsolete; many current RIPs and editing tools do not support them.",
                Severity.WARNING, (f, facts) -> "MMType1".equals(f.type()) && FontUse.used(f),
                "is a multiple master font", (f, b) -> { });
    }

    /** FONT_NOT_EMBEDDED: Font not embedded. */
    public static FontPropertyCheck notEmbedded() {
        return new FontPropertyCheck("FONT_NOT_EMBEDDED", "Font not embedded",
                "A font that shows visible text is not embedded. The RIP substitutes another font, changing the look, the line breaks, or printing nothing. Fonts used only for invisible text (render mode 3, e.g. an OCR layer) are not reported.",
                Severity.ERROR, (f, facts) -> !f.embedded() && FontUse.visiblyUsed(f, facts),
                "is not embedded", (f, b) -> b.detail("standard_14", f.standard14()));
    }

    /** FONT_NOT_SUBSET: Font fully embedded. */
    public static FontPropertyCheck notSubset() {
        return new FontPropertyCheck("FONT_NOT_SUBSET", "Font fully embedded",
                "A font is embedded in full rather than as a subset: larger files, and the complete font program is handed to the printer.",
                Severity.INFO, (f, facts) -> f.embedded() && !f.subset() && !"Type3".equals(f.type()) && FontUse.used(f),
                "is embedded in full, not as a subset", (f, b) -> { });
    }

    /** FONT_STANDARD14_NOT_EMBEDDED: Standard 14 font not embedded. */
    public static FontPropertyCheck standard14NotEmbedded() {
        return new FontPropertyCheck("FONT_STANDARD14_NOT_EMBEDDED", "Standard 14 font not embedded",
                "One of the 14 standard fonts (Times, Helvetica, Courier, Symbol, ZapfDingbats) is used without being embedded. Viewers and RIPs substitute their own versions, whose metrics and glyphs differ.",
                Severity.WARNING, (f, facts) -> f.standard14() && !f.embedded() && FontUse.used(f),
                "is one of the standard 14 fonts but is not embedded", (f, b) -> { });
    }

    /** FONT_TYPE3: Type 3 font. */
    public static FontPropertyCheck type3() {
        return new FontPropertyCheck("FONT_TYPE3", "Type 3 font",
                "Type 3 fonts are built from ordinary PDF drawing operators; they have no hinting, often contain bitmaps, and are handled poorly by some RIPs and text tools.",
                Severity.WARNING, (f, facts) -> "Type3".equals(f.type()) && FontUse.used(f),
                "is a Type 3 font", (f, b) -> { });
    }

    /** FONT_TYPE1: PostScript Type 1 font program. */
    public static FontPropertyCheck type1() {
        return new FontPropertyCheck("FONT_TYPE1", "PostScript Type 1 font",
                "A font is embedded as a PostScript Type 1 program (a simple font of subtype Type1 with a FontFile "
                        + "stream). Adobe ended Type 1 support in its applications in January 2023 and several RIP "
                        + "vendors warn about the format, so a file that has to be edited or re-exported may lose "
                        + "the font; it still prints today. Type 1 outlines stored as CFF (FontFile3/Type1C, as "
                        + "OpenType CFF fonts are written) are not reported, nor are multiple master fonts "
                        + "(FONT_MULTIPLE_MASTER) or fonts that are not embedded (FONT_NOT_EMBEDDED).",
                Severity.ADVISORY, (f, facts) -> "Type1".equals(f.type()) && "FontFile".equals(f.fontFileType())
                        && FontUse.used(f),
                "is a PostScript Type 1 font", (f, b) -> b.detail("font_file", f.fontFileType()));
    }

    /** TEXT_NOT_EXTRACTABLE: text whose glyphs map to no Unicode. */
    public static FontPropertyCheck textNotExtractable() {
        return new FontPropertyCheck("TEXT_NOT_EXTRACTABLE", "Text cannot be extracted",
                "Text is shown with a font that has no ToUnicode map for some of its codes and neither a standard "
                        + "encoding nor known glyph names to derive one (ISO 32000-1 9.10.2), so that text cannot be "
                        + "searched, copied or read aloud. Print is unaffected; it matters when the file is also "
                        + "published digitally, archived or checked for accessibility.",
                Severity.ADVISORY, (f, facts) -> f.glyphsWithoutUnicode() > 0 && !f.damaged(),
                "shows text that maps to no Unicode",
                (f, b) -> b.detail("glyphs_without_unicode", f.glyphsWithoutUnicode())
                        .detail("glyphs_used", f.glyphsUsed()));
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if (applies.test(f, facts)) {
                CheckContext.Builder b = ctx.finding("Font " + f.name() + " " + problem)
                        .page(FontUse.firstPage(f))
                        .object(f.objectId(), null)
                        .detail("font", f.name())
                        .detail("font_type", f.type())
                        .detail("pages", f.pages());
                extraDetails.accept(f, b);
                b.report();
            }
        }
    }
}
