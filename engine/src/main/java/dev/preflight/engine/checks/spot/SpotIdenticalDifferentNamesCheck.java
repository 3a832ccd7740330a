package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** GWG R0023: differently named spot colours with identical alternate space and tint transform. */
public final class SpotIdenticalDifferentNamesCheck extends SpotCheck {

    public static final String ID = "SPOT_IDENTICAL_DIFFERENT_NAMES";

    public SpotIdenticalDifferentNamesCheck() {
        super(ID, "Visually identical spot colours with different names",
                "Two or more Separation colours with different names have the same alternate colour space and tint "
                        + "transform, so they look identical on screen and in proofs but print on separate plates.",
                Severity.ERROR, "document", List.of());
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Map<String, List<SpotUse>> uses = SpotUse.active(ctx.content(facts));
        var byKey = new LinkedHashMap<String, List<String>>();
        for (var e : uses.entrySet()) {
            for (SpotUse u : e.getValue()) {
                if (u.color().space().equals("Separation") && u.color().tintKey() != null) {
                    var names = byKey.computeIfAbsent(u.color().tintKey(), k -> new ArrayList<>());
                    if (!names.contains(e.getKey())) {
                        names.add(e.getKey());
                    }
                }
            }
        }
        for (var g : byKey.entrySet()) {
            if (g.getValue().size() < 2) {
                continue;
            }
            SpotUse second = uses.get(g.getValue().get(1)).get(0);
            ctx.finding("Spot colours " + SpotNameGroupCheck.quoted(g.getValue())
                            + " have identical alternate colours and tint transforms")
                    .page(second.placed().pageNum()).bbox(second.placed().box())
                    .detail("spot_names", g.getValue()).detail("tint_key", g.getKey())
                    .detail("alternate", second.color().alternate())
                    .detail("locations", SpotUse.locations(uses, g.getValue()))
                    .report();
        }
    }
}
