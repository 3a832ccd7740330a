package dev.preflight.engine.checks.ink;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** The share of the page whose windowed total ink is above the render's limit is larger than allowed. */
public final class AreaOverLimitCheck extends InkCheck {

    public static final String ID = "INK_AREA_OVER_LIMIT";

    public AreaOverLimitCheck() {
        super(ID, "Large area over the ink limit",
                "More than max_area_percent of the page has a windowed total ink above the limit the ink render "
                        + "measured against; a large over-inked area is worse than an isolated spot.",
                Severity.WARNING, List.of(
                        ParamSpec.number("max_area_percent", 5.0, 0, 100, "largest allowed share of the page (%)"),
                        ParamSpec.string("separations", "all", List.of("all", "cmyk"),
                                "which total to use: all separations or CMYK only")));
    }

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        boolean all = ctx.string("separations").equals("all");
        double area = all ? ink.areaOverLimitAllPct() : ink.areaOverLimitCmykPct();
        double max = ctx.number("max_area_percent");
        if (area <= max) {
            return;
        }
        ctx.finding(String.format(Locale.ROOT, "%.1f %% of the page is over the ink limit (above %.1f %%)", area, max))
                .page(page.pageNum()).bbox(all ? ink.worstWindowAll() : ink.worstWindowCmyk())
                .detail("area_percent", area).detail("max_area_percent", max)
                .detail("tac_percent", all ? ink.maxTacAll() : ink.maxTacCmyk())
                .detail("separations", all ? "all" : "cmyk").report();
    }
}
