package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** EPM 005: large neutral grey areas must be balanced from C, M and Y and drift with the press. */
public final class EpmNeutralGreyCheck extends EpmInkCheck {

    public EpmNeutralGreyCheck() {
        super("NEUTRAL_GREY", "EPM: large neutral grey areas",
                "More than max_area_percent of the page is neutral grey (black only, or balanced C=M=Y). Without a "
                        + "black plate greys are balanced from three inks and any press drift shows as a colour cast: "
                        + "tier B.",
                "B", "005", List.of(ParamSpec.number("max_area_percent", 20.0, 0, 100,
                        "largest neutral grey share of the page (%)")));
    }

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        double max = ctx.number("max_area_percent");
        if (ink.neutralGreyAreaPct() <= max) {
            return;
        }
        finding(ctx, String.format(Locale.ROOT, "%.1f %% of the page is neutral grey (above %.0f %%)",
                        ink.neutralGreyAreaPct(), max), page.pageNum(), page.geometry().effectiveTrim())
                .detail("grey_area_percent", ink.neutralGreyAreaPct()).detail("max_area_percent", max).report();
    }
}
