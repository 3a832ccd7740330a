package dev.preflight.engine.checks.text;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ElementKind;

import java.util.List;

/** Text completely hidden behind opaque, knocking-out content painted later (GWG D0030 not visible). */
public final class CoveredTextCheck extends TextCheck {

    public static final String ID = "TEXT_COVERED";

    public CoveredTextCheck() {
        super(ID, "Text covered by other objects",
                "Text is completely covered by an opaque, non-overprinting object painted later, so it does not "
                        + "print; it is often an outdated version of the copy left in the layout.",
                Severity.INFO, List.of());
    }

    @Override
    List<PageElements.Placed> invisibleCandidates(ContentView facts) {
        return List.of(); // this check chooses its own candidates among text that is not visible
    }

    @Override
    List<PageElements.Placed> candidates(ContentView facts) {
        return facts.all().stream()
                .filter(pl -> pl.element().kind() == ElementKind.TEXT && pl.element().text() != null
                        && PageElements.paintsText(pl.element()) && !pl.element().visible()
                        && "covered".equals(pl.element().notVisibleReason()))
                .toList();
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        return new Hit("Text is completely covered by other objects").with("not_visible_reason", "covered");
    }
}
