package dev.preflight.engine.checks.ink;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** The highest single-pixel ink total, without averaging (registration black, 400 % builds). */
public final class PixelTacCheck extends InkCheck {

    public static final String ID = "INK_PIXEL_TAC_MAX";

    public PixelTacCheck() {
        super(ID, "Peak ink total too high",
                "Somewhere on the rendered page a single pixel carries more than max_percent total ink (all "
                        + "separations); typical of registration-colour or 400 % objects even when they are small.",
                Severity.INFO, List.of(
                        ParamSpec.number("max_percent", 380.0, 0, 10000, "highest allowed per-pixel total ink (%)")));
    }

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        double max = ctx.number("max_percent");
        if (ink.maxPixelTac() <= max) {
            return;
        }
        // No bbox: the ink facts do not locate the peak pixel, and the worst averaging window (the only box they
        // give) may lie on a different, larger area than the small over-inked mark.
        ctx.finding(String.format(Locale.ROOT, "Peak ink total %.0f %% exceeds %.0f %%", ink.maxPixelTac(), max))
                .page(page.pageNum())
                .detail("pixel_tac_percent", ink.maxPixelTac()).detail("max_percent", max)
                .detail("render_dpi", ink.dpi()).report();
    }
}
