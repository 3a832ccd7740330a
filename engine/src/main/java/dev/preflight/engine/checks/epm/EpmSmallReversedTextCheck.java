package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/** EPM 011 (derived from GWG R0016): small white text knocked out of what becomes a three-colour background. */
public final class EpmSmallReversedTextCheck extends EpmElementCheck {

    public EpmSmallReversedTextCheck() {
        super("SMALL_REVERSED_TEXT", "EPM: small reversed text",
                "White text smaller than min_size_pt overlapping other content is knocked out of the plates below; "
                        + "when a black background becomes a three-colour build the knockout fills in with any "
                        + "misregistration: tier B.",
                "B", "011", List.of(ParamSpec.number("min_size_pt", 8.0, 0, 1000,
                        "smallest reversed text size (pt)")));
    }

    @Override
    String problem(DocumentFacts facts, PageElements.Placed pl, CheckContext ctx) {
        PaintedElement e = pl.element();
        if (e.kind() != ElementKind.TEXT || e.text() == null || !PageElements.paintsText(e) || !e.overlapping()) {
            return null;
        }
        double size = e.text().fontSize();
        if (!Scale.below(size, ctx.number("min_size_pt"))
                || !Colorants.isWhite(e.fill() != null ? e.fill() : e.stroke())) {
            return null;
        }
        return String.format(Locale.ROOT, "Reversed (white) text of %.2f pt is below %.1f pt", size,
                ctx.number("min_size_pt"));
    }
}
