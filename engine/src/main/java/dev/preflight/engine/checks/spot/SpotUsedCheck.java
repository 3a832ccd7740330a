package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Map;

/** Lists every active spot colour with where it is first used. */
public final class SpotUsedCheck extends SpotCheck {

    public static final String ID = "SPOT_USED";

    public SpotUsedCheck() {
        super(ID, "Spot colour used",
                "Reports each active spot colour (used by at least one page element, GWG D0023) once, at its first "
                        + "use, with the pages it appears on and its alternate colour space.",
                Severity.INFO, "document", List.of());
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (Map.Entry<String, List<SpotUse>> e : SpotUse.active(ctx.content(facts)).entrySet()) {
            SpotUse first = e.getValue().get(0);
            ctx.finding("Spot colour \"" + e.getKey() + "\" is used")
                    .page(first.placed().pageNum()).bbox(first.placed().box())
                    .detail("spot_name", e.getKey())
                    .detail("alternate", first.color().alternate())
                    .detail("uses", e.getValue().size())
                    .detail("pages", e.getValue().stream().map(u -> u.placed().pageNum()).distinct().toList())
                    .report();
        }
    }
}
