package dev.preflight.engine.checks.ink;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A separation whose average coverage over the whole page is above the limit (heavy solids on one plate). */
public final class SeparationCoverageCheck extends InkCheck {

    public static final String ID = "INK_SEPARATION_HEAVY";

    public SeparationCoverageCheck() {
        super(ID, "Heavy coverage on a separation",
                "One separation covers more than max_percent of the page on average; heavy solids need ink-key "
                        + "adjustment and may cause set-off or ghosting.",
                Severity.INFO, List.of(
                        ParamSpec.number("max_percent", 75.0, 0, 100, "highest average coverage of one separation (%)"),
                        ParamSpec.strings("separations", List.of(),
                                "separations to judge; empty = all")));
    }

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        double max = ctx.number("max_percent");
        List<String> only = ctx.strings("separations");
        for (Map.Entry<String, Double> e : ink.coveragePercent().entrySet()) {
            if ((!only.isEmpty() && !only.contains(e.getKey())) || e.getValue() <= max) {
                continue;
            }
            ctx.finding(String.format(Locale.ROOT, "Separation %s covers %.1f %% of the page (above %.0f %%)",
                            e.getKey(), e.getValue(), max))
                    .page(page.pageNum()).bbox(page.geometry().cropBox())
                    .detail("separation", e.getKey()).detail("coverage_percent", e.getValue())
                    .detail("max_percent", max).report();
        }
    }
}
