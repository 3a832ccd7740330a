package dev.preflight.engine.checks.spot;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** GWG R0020: no more than max_spots distinct active spot colour names. */
public final class SpotCountCheck extends SpotCheck {

    public static final String ID = "SPOT_COUNT_MAX";

    public SpotCountCheck() {
        super(ID, "Too many spot colours",
                "The document uses more than max_spots distinct spot colours. Only active spots count (used by a "
                        + "page element, GWG D0023); Cyan, Magenta, Yellow, Black, All and None are not spot colours "
                        + "(I00003).",
                Severity.ERROR, "document", List.of(ParamSpec.integer("max_spots", 0, 0, 1000,
                        "largest allowed number of distinct spot colour names")));
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Map<String, List<SpotUse>> uses = SpotUse.active(ctx.content(facts));
        int max = ctx.integer("max_spots");
        if (uses.size() <= max) {
            return;
        }
        var names = new ArrayList<>(uses.keySet());
        SpotUse firstExtra = uses.get(names.get(max)).get(0);
        ctx.finding(uses.size() + " spot colours used, at most " + max + " allowed: "
                        + SpotNameGroupCheck.quoted(names))
                .page(firstExtra.placed().pageNum()).bbox(firstExtra.placed().box())
                .detail("spot_count", uses.size()).detail("max_spots", max).detail("spot_names", names)
                .detail("locations", SpotUse.locations(uses, names))
                .report();
    }
}
