package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/** GWG R0009: pure black text smaller than the limit must overprint, or it knocks out and shows white halos. */
public final class BlackTextOverprintMissingCheck extends OverprintCheck {

    public static final String ID = "OP_BLACK_TEXT_MISSING";

    public BlackTextOverprintMissingCheck() {
        super(ID, "Small black text does not overprint",
                "Pure black text (GWG D0013/D0014, alpha 1, Normal blend) with an effective size below max_size_pt "
                        + "must be set to overprint; otherwise it knocks out the colours below and any misregistration "
                        + "shows white edges. With only_overlapping, text over nothing but paper, white or black-only "
                        + "content "
                        + "is skipped: no other plate is cut away there.",
                Severity.WARNING, "text", List.of(
                        ParamSpec.number("max_size_pt", 12.0, 0, 10000, "text smaller than this must overprint (pt)"),
                        ParamSpec.bool("only_overlapping", true,
                                "skip text that overlaps only paper, white or black-only content, where a knockout "
                                        + "cannot show (GWG D0031, I00006)"),
                        Scale.scalingParam()));
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.kind() == ElementKind.TEXT && e.text() != null && PageElements.paintsText(e);
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
        boolean black = c.role().equals("stroke") ? Colorants.blackStroke(e) : Colorants.blackFill(e);
        if (!black || c.overprint()) {
            return null;
        }
        double limit = Scale.of(ctx, c.placed().page().geometry()).size(ctx.number("max_size_pt"));
        double size = e.text().fontSize();
        if (!Scale.below(size, limit)) {
            return null;
        }
        return String.format(Locale.ROOT, "Black text of %.2f pt (below %.2f pt) does not overprint", size, limit);
    }

    @Override
    void details(Candidate c, CheckContext ctx, CheckContext.Builder b) {
        b.detail("font_size", c.element().text().fontSize())
                .detail("max_size_pt", Scale.of(ctx, c.placed().page().geometry()).size(ctx.number("max_size_pt")))
                .detail("font", c.element().text().fontName());
    }
}
