package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_GLYPHS_MISSING: Glyphs missing from font. */
public final class GlyphsMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_GLYPHS_MISSING", "Glyphs missing from font",
            "Text shows glyphs that the embedded font program does not contain; they print as .notdef (blank or a box).",
            "font", Severity.ERROR, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if (f.glyphsMissing() > 0) {
                ctx.finding("Font " + f.name() + " shows glyphs it does not contain")
                        .page(FontUse.firstPage(f))
                        .object(f.objectId(), null)
                        .detail("font", f.name())
                        .detail("font_type", f.type())
                        .detail("pages", f.pages())
                        .detail("glyphs_missing", f.glyphsMissing())
                        .detail("glyphs_used", f.glyphsUsed())
                        .report();
            }
        }
    }
}
