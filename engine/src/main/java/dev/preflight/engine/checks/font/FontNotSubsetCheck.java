package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_NOT_SUBSET: Font fully embedded. */
public final class FontNotSubsetCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_NOT_SUBSET", "Font fully embedded",
            "A font is embedded in full rather than as a subset: larger files, and the complete font program is handed to the printer.",
            "font", Severity.INFO, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if (f.embedded() && !f.subset() && !"Type3".equals(f.type()) && FontUse.used(f)) {
                ctx.finding("Font " + f.name() + " is embedded in full, not as a subset")
                        .page(FontUse.firstPage(f))
                        .object(f.objectId(), null)
                        .detail("font", f.name())
                        .detail("font_type", f.type())
                        .detail("pages", f.pages())
                        .report();
            }
        }
    }
}
