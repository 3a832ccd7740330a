package dev.preflight.engine.checks.book;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;

import java.util.List;
import java.util.Locale;

/** COVER_SPINE_TEXT_MARGIN: text closer to a spine fold than the margin, on either side of it. */
public final class SpineTextMarginCheck extends SpreadTextCheck {

    public SpineTextMarginCheck() {
        super("COVER_SPINE_TEXT_MARGIN", "Text too close to a spine fold",
                "Text on a cover spread lies closer than margin_mm to a spine fold, on the spine or on a cover "
                        + "panel. Folding and binding vary by a millimetre or two, so such text slips round the "
                        + "fold onto the spine or the cover: printers ask for a clear margin on both sides of each "
                        + "fold (KDP and IngramSpark: 0.0625 in, 1.6 mm, inside the spine). The folds are the "
                        + "spine's edges as the profile places them (see COVER_SIZE). Text reaching across a fold "
                        + "is at distance 0.",
                Severity.WARNING, List.of(ParamSpec.number("margin_mm", 1.6, 0, 50,
                        "clear space wanted on each side of a spine fold, mm")));
    }

    @Override
    void judge(Cover cover, PageElements.Placed text, CheckContext ctx) {
        Box b = text.box();
        double margin = ctx.number("margin_mm");
        double best = Double.MAX_VALUE;
        double nearest = cover.leftFold();
        for (double fold : cover.folds()) {
            double d = Cover.distance(b, fold);
            if (d < best) {
                best = d;
                nearest = fold;
            }
        }
        double mm = cover.mm(best);
        if (mm >= margin - 1e-9) {
            return;
        }
        finding(ctx, text, String.format(Locale.ROOT, "Text is %.2f mm from the %s (margin %.2f mm)", mm,
                foldName(cover, nearest), margin))
                .detail("distance_mm", mm)
                .detail("margin_mm", margin)
                .detail("on_spine", cover.onSpine(b))
                .report();
    }
}
