package dev.preflight.engine.checks.ink;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** Total area coverage averaged over a window (GWG D0027/D0028), reported at the worst window. */
abstract class TacCheck extends InkCheck {

    private final String scope;

    TacCheck(String id, String name, String description, double defaultMax, String scope) {
        super(id, name, description, Severity.WARNING, List.of(
                ParamSpec.number("max_percent", defaultMax, 0, 10000, "highest allowed average total ink (%)"),
                ParamSpec.number("window_mm", 15.0, 0.1, 1000,
                        "side of the averaging square (mm); the render measures with its own window, reported in "
                                + "details")));
        this.scope = scope;
    }

    abstract double tac(InkFacts ink);

    abstract Box window(InkFacts ink);

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        double max = ctx.number("max_percent");
        double tac = tac(ink);
        if (tac <= max) {
            return;
        }
        ctx.finding(String.format(Locale.ROOT, "Total ink coverage (%s) %.1f %% exceeds %.0f %%", scope, tac, max))
                .page(page.pageNum()).bbox(window(ink))
                .detail("tac_percent", tac).detail("max_percent", max)
                .detail("window_mm", ink.windowMm()).detail("window_mm_requested", ctx.number("window_mm"))
                .detail("max_pixel_tac_percent", ink.maxPixelTac()).detail("render_dpi", ink.dpi())
                .detail("separations", scope)
                .report();
    }
}
