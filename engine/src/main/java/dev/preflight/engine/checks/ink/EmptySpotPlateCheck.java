package dev.preflight.engine.checks.ink;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Map;

/** A spot separation that exists on the rendered page but carries no ink (an empty plate costs a plate). */
public final class EmptySpotPlateCheck extends InkCheck {

    public static final String ID = "INK_SPOT_PLATE_EMPTY";

    public EmptySpotPlateCheck() {
        super(ID, "Empty spot colour plate",
                "A spot colour separation is present on the rendered page but carries no ink (everything on it is "
                        + "white, knocked out or covered); outputting it wastes a plate.",
                Severity.INFO, List.of());
    }

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        for (Map.Entry<String, Double> e : ink.coveragePercent().entrySet()) {
            if (Colorants.NOT_SPOTS.contains(e.getKey()) || e.getValue() > 0) {
                continue;
            }
            ctx.finding("Spot colour plate \"" + e.getKey() + "\" is empty on page " + page.pageNum())
                    .page(page.pageNum()).bbox(page.geometry().cropBox())
                    .detail("separation", e.getKey()).detail("coverage_percent", e.getValue()).report();
        }
    }
}
