package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** PROC_STEPS_PRESENT: reports the ISO 19593-1 processing steps of the document. */
public final class ProcessingStepsPresentCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PROC_STEPS_PRESENT", "Processing steps present",
            "Reports each ISO 19593-1 processing-step layer (cutting, creasing, white, varnish ...) with its group "
                    + "and type; such layers are not page elements and must not print as artwork.",
            "processing_steps", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (OptionalContentFact.Group g : ProcessingSteps.of(facts)) {
            ctx.finding("Processing step " + g.procStepGroup() + "/" + g.procStepType() + " in layer \"" + g.name()
                            + "\"")
                    .object(g.objectId(), null)
                    .detail("layer", g.name())
                    .detail("group", g.procStepGroup())
                    .detail("type", g.procStepType())
                    .report();
        }
    }
}
