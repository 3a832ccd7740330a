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

/**
 * EPM 001 (derived from GWG R0017): black-only text becomes a three-colour CMY build without a black plate, so
 * below the multi-channel text limit it misregisters (tier A); up to the GWG R0009 small-text limit it is an
 * advisory (legacy code 017).
 */
public final class EpmSmallBlackTextCheck extends EpmCheck {

    public EpmSmallBlackTextCheck() {
        super("SMALL_BLACK_TEXT", "EPM: small black-only text",
                "Text printed with black ink only is rebuilt from cyan, magenta and yellow on a CMY-only press. Below "
                        + "min_size_pt (GWG R0017 multi-channel text limit) it misregisters: tier A. Below "
                        + "advisory_size_pt (GWG R0009 small-text limit) it is a tier C advisory (legacy 017).",
                "A", "001", false, List.of(
                        ParamSpec.number("min_size_pt", 8.0, 0, 1000, "black-only text below this is tier A (pt)"),
                        ParamSpec.number("advisory_size_pt", 12.0, 0, 1000,
                                "black-only text below this is a tier C advisory (pt)")));
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double hard = ctx.number("min_size_pt");
        double soft = Math.max(hard, ctx.number("advisory_size_pt"));
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            PaintedElement e = pl.element();
            if (e.kind() != ElementKind.TEXT || e.text() == null || !PageElements.paintsText(e)) {
                continue;
            }
            if (!blackOnlyText(e)) {
                continue;
            }
            double size = e.text().fontSize();
            if (!Scale.below(size, soft)) {
                continue;
            }
            boolean a = Scale.below(size, hard);
            finding(ctx, String.format(Locale.ROOT, "Black-only text of %.2f pt becomes a CMY build (%s %.1f pt)",
                            size, a ? "below" : "advisory below", a ? hard : soft), pl.pageNum(), pl.box(),
                    a ? "A" : "C", a ? "001" : "017")
                    .object(PageElements.ref(e.text().fontObjectId()), "text")
                    .detail("font_size", size).detail("limit_pt", a ? hard : soft)
                    .detail("color", Colorants.describe(e.fill() != null ? e.fill() : e.stroke()))
                    .report();
        }
    }

    static boolean blackOnlyText(PaintedElement e) {
        boolean any = false;
        for (var c : new dev.preflight.engine.facts.PaintColor[] {e.fill(), e.stroke()}) {
            if (c == null) {
                continue;
            }
            if (!Colorants.isBlackOnly(c)) {
                return false;
            }
            any = true;
        }
        return any;
    }
}
