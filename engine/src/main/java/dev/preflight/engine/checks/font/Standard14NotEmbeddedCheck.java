package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_STANDARD14_NOT_EMBEDDED: Standard 14 font not embedded. */
public final class Standard14NotEmbeddedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_STANDARD14_NOT_EMBEDDED", "Standard 14 font not embedded",
            "One of the 14 standard fonts (Times, Helvetica, Courier, Symbol, ZapfDingbats) is used without being embedded. Viewers and RIPs substitute their own versions, whose metrics and glyphs differ.",
            "font", Severity.WARNING, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if (f.standard14() && !f.embedded() && FontUse.used(f)) {
                ctx.finding("Font " + f.name() + " is one of the standard 14 fonts but is not embedded")
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
