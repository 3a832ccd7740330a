package dev.preflight.engine.checks.optionalcontent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** OC_LAYER_NAME_DUPLICATE: Duplicate layer names. */
public final class LayerNameDuplicateCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OC_LAYER_NAME_DUPLICATE", "Duplicate layer names",
            "Two or more optional-content groups share a name, so a RIP or operator choosing layers by name cannot tell them apart.",
            "optional_content", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        OptionalContentFact oc = facts.optionalContent();
        var seen = new java.util.HashMap<String, Integer>();
        for (OptionalContentFact.Group g : oc.groups()) {
            String name = g.name() == null ? "" : g.name();
            if (seen.merge(name, 1, Integer::sum) == 2) {
                ctx.finding("More than one layer is named \"" + name + "\"")
                        .object(g.objectId(), null)
                        .detail("layer", name)
                        .report();
            }
        }
    }
}
