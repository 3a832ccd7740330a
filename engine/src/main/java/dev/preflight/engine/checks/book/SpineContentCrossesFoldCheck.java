package dev.preflight.engine.checks.book;

import dev.preflight.engine.Box;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;

import java.util.List;
import java.util.Locale;

/** COVER_SPINE_CONTENT_CROSSES_FOLD: text that straddles a spine fold. */
public final class SpineContentCrossesFoldCheck extends SpreadTextCheck {

    /** Glyph boxes carry side bearings: a run must reach this far past a fold to cross it. */
    private static final double REACH_PT = 0.25;

    public SpineContentCrossesFoldCheck() {
        super("COVER_SPINE_CONTENT_CROSSES_FOLD", "Text crosses a spine fold",
                "A text run reaches across a spine fold of a cover spread: on the bound book it wraps round the "
                        + "spine's edge, part on the spine and part on the cover, and can hardly be read. Printers' "
                        + "cover guides keep spine text inside the spine and cover text off it (KDP, IngramSpark). "
                        + "Pictures and backgrounds that run across the spine are meant to and are not judged.",
                Severity.WARNING, List.of());
    }

    @Override
    void judge(Cover cover, PageElements.Placed text, CheckContext ctx) {
        Box b = text.box();
        for (double fold : cover.folds()) {
            if (b.x0() < fold - REACH_PT && b.x1() > fold + REACH_PT) {
                finding(ctx, text, String.format(Locale.ROOT, "Text runs %.2f mm across the %s",
                        cover.mm(Math.min(fold - b.x0(), b.x1() - fold)), foldName(cover, fold)))
                        .detail("fold", fold == cover.leftFold() ? "left" : "right")
                        .report();
                return;
            }
        }
    }
}
