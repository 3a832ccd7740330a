package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_MULTIPLE_MASTER: Multiple master font. */
public final class MultipleMasterFontCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_MULTIPLE_MASTER", "Multiple master font",
            "Multiple master Type 1 fonts are obsolete; many current RIPs and editing tools do not support them.",
            "font", Severity.WARNING, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if ("MMType1".equals(f.type()) && FontUse.used(f)) {
                ctx.finding("Font " + f.name() + " is a multiple master font")
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
