package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** EPM 003: heavy black areas on the rendered K plate become heavy three-colour solids. */
public final class EpmHeavyBlackCheck extends EpmInkCheck {

    public EpmHeavyBlackCheck() {
        super("HEAVY_BLACK", "EPM: heavy black coverage",
                "The rendered black plate averages more than max_k_percent over a window of the page (the TAC "
                        + "window). Without a black plate such areas are printed as near-solid C+M+Y, which looks "
                        + "brownish and loads the sheet: tier B.",
                "B", "003", List.of(ParamSpec.number("max_k_percent", 80.0, 0, 100,
                        "highest windowed black coverage (%)")));
    }

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        double max = ctx.number("max_k_percent");
        if (ink.maxBlackWindow() <= max) {
            return;
        }
        finding(ctx, String.format(Locale.ROOT, "Black coverage reaches %.1f %% (above %.0f %%)",
                        ink.maxBlackWindow(), max), page.pageNum(), ink.worstWindowCmyk())
                .detail("k_percent", ink.maxBlackWindow()).detail("max_k_percent", max)
                .detail("window_mm", ink.windowMm()).report();
    }
}
