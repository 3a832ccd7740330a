package dev.preflight.engine.checks.optionalcontent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** OC_LAYER_NAME_EMPTY: Layer without name. */
public final class LayerNameEmptyCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OC_LAYER_NAME_EMPTY", "Layer without name",
            "An optional-content group has no or an empty name, so it cannot be selected or understood by name.",
            "optional_content", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        OptionalContentFact oc = facts.optionalContent();
        for (OptionalContentFact.Group g : oc.groups()) {
            if (g.name() == null || g.name().isBlank()) {
                ctx.finding("Layer " + (g.index() + 1) + " has no name")
                        .object(g.objectId(), null)
                        .detail("index", g.index())
                        .report();
            }
        }
    }
}
