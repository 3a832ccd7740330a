package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/** GWG R0010: pure black lines thinner than the limit must overprint. */
public final class BlackLineOverprintMissingCheck extends OverprintCheck {

    public static final String ID = "OP_BLACK_LINE_MISSING";

    public BlackLineOverprintMissingCheck() {
        super(ID, "Thin black line does not overprint",
                "A pure black line (GWG D0013/D0015; strokes and thin filled shapes, D0017/I00004) thinner than "
                        + "max_width_pt must be set to overprint; otherwise it knocks out and misregistration shows "
                        + "white edges. With only_overlapping, lines over nothing but paper, white or black-only "
                        + "content are "
                        + "skipped: no other plate is cut away there.",
                Severity.WARNING, "path", List.of(
                        ParamSpec.number("max_width_pt", 2.0, 0, 10000, "lines thinner than this must overprint (pt)"),
                        ParamSpec.bool("only_overlapping", true,
                                "skip lines that overlap only paper, white or black-only content, where a knockout "
                                        + "cannot show (GWG D0031, I00006)"),
                        Scale.scalingParam()));
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return PageElements.isLine(e);
    }

    @Override
    boolean overlappingOnly(CheckContext ctx) {
        return ctx.bool("only_overlapping");
    }

    @Override
    boolean overColourOnly(CheckContext ctx) {
        return ctx.bool("only_overlapping");
    }

    @Override
    String problem(Candidate c, CheckContext ctx) {
        PaintedElement e = c.element();
        boolean strokeLine = e.kind().strokes();
        if (strokeLine != c.role().equals("stroke")) {
            return null;
        }
        boolean black = strokeLine ? Colorants.blackStroke(e) : Colorants.blackFill(e);
        if (!black || c.overprint()) {
            return null;
        }
        double limit = Scale.of(ctx, c.placed().page().geometry()).size(ctx.number("max_width_pt"));
        if (!Scale.below(e.lineWidth(), limit)) {
            return null;
        }
        return String.format(Locale.ROOT, "Black line of %.3f pt (below %.3f pt) does not overprint",
                e.lineWidth(), limit);
    }

    @Override
    void details(Candidate c, CheckContext ctx, CheckContext.Builder b) {
        b.detail("line_width", c.element().lineWidth())
                .detail("max_width_pt", Scale.of(ctx, c.placed().page().geometry()).size(ctx.number("max_width_pt")));
    }
}
