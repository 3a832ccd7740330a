package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/**
 * EPM 002 (derived from GWG R0019): black-only lines become three-colour CMY builds; below the multi-channel line
 * limit they misregister (tier A), up to advisory_width_pt they are an advisory (legacy code 018).
 */
public final class EpmThinBlackLineCheck extends EpmCheck {

    public EpmThinBlackLineCheck() {
        super("THIN_BLACK_LINE", "EPM: thin black-only lines",
                "Lines printed with black ink only are rebuilt from cyan, magenta and yellow on a CMY-only press. "
                        + "Below min_width_pt (GWG R0019 multi-channel line limit) they misregister: tier A. Below "
                        + "advisory_width_pt they are a tier C advisory (legacy 018).",
                "A", "002", false, List.of(
                        ParamSpec.number("min_width_pt", 0.25, 0, 1000, "black-only lines below this are tier A (pt)"),
                        ParamSpec.number("advisory_width_pt", 0.5, 0, 1000,
                                "black-only lines below this are a tier C advisory (pt)")));
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double hard = ctx.number("min_width_pt");
        double soft = Math.max(hard, ctx.number("advisory_width_pt"));
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            PaintedElement e = pl.element();
            if (!PageElements.isLine(e)) {
                continue;
            }
            PaintColor c = PageElements.lineColor(e);
            if (!Colorants.isBlackOnly(c) || !Scale.below(e.lineWidth(), soft)) {
                continue;
            }
            boolean a = Scale.below(e.lineWidth(), hard);
            finding(ctx, String.format(Locale.ROOT, "Black-only line of %.3f pt becomes a CMY build (%s %.2f pt)",
                            e.lineWidth(), a ? "below" : "advisory below", a ? hard : soft), pl.pageNum(), pl.box(),
                    a ? "A" : "C", a ? "002" : "018")
                    .object(PageElements.objectId(e), "path")
                    .detail("line_width", e.lineWidth()).detail("limit_pt", a ? hard : soft)
                    .detail("color", Colorants.describe(c))
                    .report();
        }
    }
}
