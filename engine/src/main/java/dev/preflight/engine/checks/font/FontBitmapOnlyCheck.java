package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_BITMAP_ONLY: Font allows bitmap embedding only. */
public final class FontBitmapOnlyCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_BITMAP_ONLY", "Font allows bitmap embedding only",
            "The embedded font program's OS/2 fsType has the bitmap-embedding-only bit (0x0200): the licence allows only bitmaps to be embedded, so outline output may be refused or rasterised.",
            "font", Severity.WARNING, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if (f.fsType() != null && (f.fsType() & 0x0200) != 0 && f.embedded()) {
                ctx.finding("Font " + f.name() + " may only be embedded as bitmaps")
                        .page(FontUse.firstPage(f))
                        .object(f.objectId(), null)
                        .detail("font", f.name())
                        .detail("font_type", f.type())
                        .detail("pages", f.pages())
                        .detail("fs_type", f.fsType())
                        .report();
            }
        }
    }
}
