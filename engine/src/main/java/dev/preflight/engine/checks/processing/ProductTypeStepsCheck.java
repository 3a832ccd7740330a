package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** PROC_STEPS_PRODUCT_TYPE: the processing steps required for the product type are present, forbidden ones absent. */
public final class ProductTypeStepsCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PROC_STEPS_PRODUCT_TYPE",
            "Processing steps for the product type",
            "The document must contain an ISO 19593-1 processing-step layer of every required type and none of "
                    + "the not-allowed types (GWG R1001; e.g. Cutting is required for labels and folding cartons, "
                    + "Creasing is not allowed for labels and flexible packaging). Types compare case-insensitively.",
            "processing_steps", Severity.ERROR, "document",
            List.of(ParamSpec.strings("required", List.of("Cutting"), "processing-step types that must be present"),
                    ParamSpec.strings("not_allowed", List.of(), "processing-step types that must not be present")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<OptionalContentFact.Group> steps = ProcessingSteps.of(facts);
        for (String type : ctx.strings("required")) {
            if (!ProcessingSteps.hasType(steps, type)) {
                ctx.finding("Required processing step " + type + " is missing")
                        .detail("step_type", type)
                        .detail("problem", "missing")
                        .report();
            }
        }
        for (String type : ctx.strings("not_allowed")) {
            for (OptionalContentFact.Group g : steps) {
                if (type.equalsIgnoreCase(g.procStepType())) {
                    ctx.finding("Processing step " + g.procStepType() + " (layer \"" + g.name()
                                    + "\") is not allowed for this product")
                            .object(g.objectId(), null)
                            .detail("step_type", g.procStepType())
                            .detail("layer", g.name())
                            .detail("problem", "not_allowed")
                            .report();
                }
            }
        }
    }
}
