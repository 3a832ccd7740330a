package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_NOT_EMBEDDED: Font not embedded. */
public final class FontNotEmbeddedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_NOT_EMBEDDED", "Font not embedded",
            "A font that shows visible text is not embedded. The RIP substitutes another font, changing the look, the line breaks, or printing nothing. Fonts used only for invisible text (render mode 3, e.g. an OCR layer) are not reported.",
            "font", Severity.ERROR, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if (!f.embedded() && FontUse.visiblyUsed(f, facts)) {
                ctx.finding("Font " + f.name() + " is not embedded")
                        .page(FontUse.firstPage(f))
                        .object(f.objectId(), null)
                        .detail("font", f.name())
                        .detail("font_type", f.type())
                        .detail("pages", f.pages())
                        .detail("standard_14", f.standard14())
                        .report();
            }
        }
    }
}
