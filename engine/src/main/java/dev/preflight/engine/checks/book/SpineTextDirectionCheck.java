package dev.preflight.engine.checks.book;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;

import java.util.List;
import java.util.Locale;

/** COVER_SPINE_TEXT_DIRECTION: spine text running against the convention of the market. */
public final class SpineTextDirectionCheck extends SpreadTextCheck {

    public SpineTextDirectionCheck() {
        super("COVER_SPINE_TEXT_DIRECTION", "Spine text runs the wrong way",
                "Text on the spine of a cover spread reads the other way than the convention given: top_to_bottom "
                        + "(ISO 6357 and ANSI/NISO Z39.41, the US and UK convention: the title reads when the book "
                        + "lies face up) or bottom_to_top (the common continental European convention, German "
                        + "books among them). Only text turned a quarter "
                        + "turn (within tolerance_degrees) is judged; horizontal text on a wide spine is not. The "
                        + "direction is the baseline's as the page is shown (/Rotate 180 turns it round).",
                Severity.WARNING, List.of(
                        ParamSpec.string("direction", "top_to_bottom", List.of("top_to_bottom", "bottom_to_top"),
                                "which way spine text must read"),
                        ParamSpec.number("tolerance_degrees", 10.0, 0, 44,
                                "how far from a quarter turn a baseline may be and still count as spine text")));
    }

    @Override
    void judge(Cover cover, PageElements.Placed text, CheckContext ctx) {
        if (!cover.onSpine(text.box())) {
            return;
        }
        double angle = text.element().text().angle() - cover.page().geometry().rotation();
        angle = ((angle % 360) + 540) % 360 - 180;
        double tol = ctx.number("tolerance_degrees");
        String reads;
        if (Math.abs(angle + 90) <= tol) {
            reads = "top_to_bottom";
        } else if (Math.abs(angle - 90) <= tol) {
            reads = "bottom_to_top";
        } else {
            return;
        }
        String wanted = ctx.string("direction");
        if (reads.equals(wanted)) {
            return;
        }
        finding(ctx, text, String.format(Locale.ROOT, "Spine text reads %s; the convention is %s",
                reads.replace('_', ' '), wanted.replace('_', ' ')))
                .detail("reads", reads)
                .detail("direction", wanted)
                .detail("angle_degrees", angle)
                .report();
    }
}
