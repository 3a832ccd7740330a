package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Spot colours whose alternate colour space is of a given kind; one finding per spot name. */
abstract class SpotAlternateCheck extends SpotCheck {

    private final Set<String> alternates;
    private final String label;

    SpotAlternateCheck(String id, String name, String description, Severity severity, Set<String> alternates,
                       String label) {
        super(id, name, description, severity, "document", List.of());
        this.alternates = alternates;
        this.label = label;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (Map.Entry<String, List<SpotUse>> e : SpotUse.active(ctx.content(facts)).entrySet()) {
            SpotUse hit = e.getValue().stream()
                    .filter(u -> u.color().alternate() != null && alternates.contains(u.color().alternate()))
                    .findFirst().orElse(null);
            if (hit == null) {
                continue;
            }
            ctx.finding("Spot colour \"" + e.getKey() + "\" has " + label + " alternate (" + hit.color().alternate()
                            + ")")
                    .page(hit.placed().pageNum()).bbox(hit.placed().box())
                    .detail("spot_name", e.getKey()).detail("alternate", hit.color().alternate())
                    .detail("color_space", hit.color().space())
                    .report();
        }
    }
}
