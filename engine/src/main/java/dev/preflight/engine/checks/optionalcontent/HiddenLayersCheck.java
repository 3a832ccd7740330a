package dev.preflight.engine.checks.optionalcontent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** OC_HIDDEN_LAYERS: Hidden layers. */
public final class HiddenLayersCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OC_HIDDEN_LAYERS", "Hidden layers",
            "An optional-content group is OFF in the default configuration (GWG R0036): its content does not print unless someone turns it on, and tools disagree about it.",
            "optional_content", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        OptionalContentFact oc = facts.optionalContent();
        for (OptionalContentFact.Group g : oc.groups()) {
            if (!g.defaultOn()) {
                ctx.finding("Layer \"" + g.name() + "\" is hidden by default")
                        .object(g.objectId(), null)
                        .detail("layer", g.name())
                        .detail("processing_step", g.processingStep())
                        .report();
            }
        }
    }
}
