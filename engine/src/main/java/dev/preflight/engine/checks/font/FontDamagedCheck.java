package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_DAMAGED: Damaged font. */
public final class FontDamagedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_DAMAGED", "Damaged font",
            "The embedded font program could not be read. RIPs may stop, substitute the font or drop the text.",
            "font", Severity.ERROR, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if (f.damaged()) {
                ctx.finding("Font " + f.name() + " is damaged")
                        .page(FontUse.firstPage(f))
                        .object(f.objectId(), null)
                        .detail("font", f.name())
                        .detail("font_type", f.type())
                        .detail("pages", f.pages())
                        .detail("problem", f.problem())
                        .report();
            }
        }
    }
}
