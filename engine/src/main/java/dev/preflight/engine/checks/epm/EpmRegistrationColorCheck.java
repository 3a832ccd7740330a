package dev.preflight.engine.checks.epm;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;

import java.util.List;

/** EPM 006 (derived from GWG R0024): registration colour inside the trim prints on every plate. */
public final class EpmRegistrationColorCheck extends EpmElementCheck {

    public EpmRegistrationColorCheck() {
        super("REGISTRATION_COLOR", "EPM: registration colour inside the trim",
                "An element inside the trim box uses the registration colour \"All\"; on a CMY-only press it "
                        + "becomes a 300 % build. Printer's marks outside the trim are ignored: tier B.",
                "B", "006", List.of());
    }

    @Override
    String problem(DocumentFacts facts, PageElements.Placed pl, CheckContext ctx) {
        if (!pl.box().intersects(pl.page().geometry().effectiveTrim())) {
            return null;
        }
        for (PageElements.Paint p : ctx.content(facts).paints(pl.element())) {
            PaintColor c = p.color();
            if (c.isSpot() && c.colorants().contains("All")) {
                return "Registration colour \"All\" is used inside the trim";
            }
        }
        return null;
    }
}
