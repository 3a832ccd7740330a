package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** PROC_STEPS_CREASING_REQUIRED: a Structural Creasing or ReverseCreasing processing step must be present. */
public final class CreasingRequiredCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PROC_STEPS_CREASING_REQUIRED", "Creasing step required",
            "The document must contain an ISO 19593-1 processing step of group Structural and type Creasing or "
                    + "ReverseCreasing (GWG R1002: folding cartons and packaging are creased).",
            "processing_steps", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<OptionalContentFact.Group> structural = ProcessingSteps.of(facts).stream()
                .filter(g -> "Structural".equalsIgnoreCase(g.procStepGroup())).toList();
        if (!ProcessingSteps.hasType(structural, "Creasing") && !ProcessingSteps.hasType(structural, "ReverseCreasing")) {
            ctx.finding("No Structural Creasing or ReverseCreasing processing step")
                    .detail("processing_steps", ProcessingSteps.of(facts).stream()
                            .map(g -> g.procStepGroup() + "/" + g.procStepType()).toList())
                    .report();
        }
    }
}
