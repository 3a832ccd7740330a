package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_TYPE3: Type 3 font. */
public final class Type3FontCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_TYPE3", "Type 3 font",
            "Type 3 fonts are built from ordinary PDF drawing operators; they have no hinting, often contain bitmaps, and are handled poorly by some RIPs and text tools.",
            "font", Severity.WARNING, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if ("Type3".equals(f.type()) && FontUse.used(f)) {
                ctx.finding("Font " + f.name() + " is a Type 3 font")
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
