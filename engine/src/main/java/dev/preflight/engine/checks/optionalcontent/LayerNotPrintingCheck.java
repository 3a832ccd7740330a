package dev.preflight.engine.checks.optionalcontent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** OC_NOT_PRINTING: Layer set not to print. */
public final class LayerNotPrintingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OC_NOT_PRINTING", "Layer set not to print",
            "An optional-content group declares /Usage /Print /PrintState /OFF: viewers show it but it disappears when printed from some tools, so screen proof and print differ.",
            "optional_content", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        OptionalContentFact oc = facts.optionalContent();
        for (OptionalContentFact.Group g : oc.groups()) {
            if ("OFF".equals(g.printState())) {
                ctx.finding("Layer \"" + g.name() + "\" is set not to print")
                        .object(g.objectId(), null)
                        .detail("layer", g.name())
                        .detail("default_on", g.defaultOn())
                        .report();
            }
        }
    }
}
