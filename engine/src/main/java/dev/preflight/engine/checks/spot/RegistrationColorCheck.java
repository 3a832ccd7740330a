package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Locale;

/** GWG R0024: the registration colour (Separation "All") prints on every plate and must not be used. */
public final class RegistrationColorCheck extends SpotCheck {

    public static final String ID = "SPOT_REGISTRATION_ALL";

    public RegistrationColorCheck() {
        super(ID, "Registration colour used",
                "A page element uses the colorant \"All\" (registration colour), which puts ink on every separation; "
                        + "inside the page it makes a 400 % (or more) build.",
                Severity.WARNING, "path", List.of());
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PageElements.Placed last = null;
        for (SpotUse u : SpotUse.all(ctx.content(facts))) {
            if (!u.name().equals("All") || u.placed() == last) {
                continue;
            }
            last = u.placed();
            var e = u.placed().element();
            ctx.finding("Registration colour \"All\" is used")
                    .page(u.placed().pageNum()).bbox(u.placed().box())
                    .object(PageElements.objectId(e), e.kind().objectType())
                    .detail("color", Colorants.describe(u.color()))
                    .detail("element", e.kind().name().toLowerCase(Locale.ROOT))
                    .report();
        }
    }
}
