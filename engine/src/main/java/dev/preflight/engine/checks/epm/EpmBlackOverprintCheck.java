package dev.preflight.engine.checks.epm;

import dev.preflight.engine.checks.Backdrop;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.function.Predicate;

/** EPM 010: black-only elements set to overprint become CMY builds printed on top of the colours below. */
public final class EpmBlackOverprintCheck extends EpmElementCheck {

    public EpmBlackOverprintCheck() {
        super("BLACK_OVERPRINT", "EPM: overprinting black",
                "A black-only element lying over coloured ink (not paper, white or black-only content) is set to "
                        + "overprint. After conversion its C+M+Y build overprints the colours below, adding up to "
                        + "300 % ink and shifting their hue: tier B.",
                "B", "010", List.of());
    }

    /** Overprint over paper, white or black-only content changes nothing: only coloured ink below counts. */
    @Override
    Predicate<PageElements.Placed> filter(ContentView facts) {
        return new Backdrop(facts)::colouredBelow;
    }

    @Override
    String problem(DocumentFacts facts, PageElements.Placed pl, CheckContext ctx) {
        PaintedElement e = pl.element();
        if (!e.overlapping() || !PageElements.paintsText(e)) {
            return null;
        }
        if (!((e.overprintFill() && Colorants.isBlackOnly(e.fill()))
                || (e.overprintStroke() && Colorants.isBlackOnly(e.stroke())))) {
            return null;
        }
        return "Black-only " + e.kind().objectType() + " overprints other content";
    }
}
