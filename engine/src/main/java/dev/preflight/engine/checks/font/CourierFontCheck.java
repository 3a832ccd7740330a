package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** FONT_COURIER: Courier font used. */
public final class CourierFontCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_COURIER", "Courier font used",
            "Text uses the font named exactly \"Courier\" (GWG R0014). Courier in a job is usually a substitution for a missing font, so the text will not look as designed.",
            "font", Severity.WARNING, "font", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (FontFact f : facts.fonts()) {
            if ("Courier".equals(f.baseName()) && FontUse.used(f)) {
                ctx.finding("Font " + f.name() + " is named exactly Courier")
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
