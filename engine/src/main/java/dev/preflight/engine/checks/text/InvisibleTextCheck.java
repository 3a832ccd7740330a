package dev.preflight.engine.checks.text;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ElementKind;

import java.util.List;

/** Text in render mode 3 (neither filled nor stroked), typically an OCR layer over a scan. */
public final class InvisibleTextCheck extends TextCheck {

    public static final String ID = "TEXT_INVISIBLE";

    public InvisibleTextCheck() {
        super(ID, "Invisible text",
                "Text is shown with render mode 3 (invisible). It does not print, but it is searchable and may hide "
                        + "content that differs from what is printed (OCR layers, hidden copy).",
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
                        && pl.element().text().renderMode() == 3)
                .toList();
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        return new Hit("Text is invisible (render mode 3)");
    }
}
