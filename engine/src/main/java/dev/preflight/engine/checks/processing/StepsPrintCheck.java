package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** PROC_STEPS_PRINTS: a processing-step layer that is on for printing. */
public final class StepsPrintCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PROC_STEPS_PRINTS", "Processing-step layer prints",
            "A processing-step layer (ISO 19593-1) carries information for finishing (die lines, creases, white or "
                    + "varnish shapes), not artwork: when it prints, a proof or a RIP that honours optional content "
                    + "puts it on paper and plates. Reported when its /Usage /Print /PrintState is ON, and, with "
                    + "unset_prints, when it has no print state and is on in the default configuration, so that it "
                    + "prints as it is shown.",
            "processing_steps", Severity.WARNING, "document", List.of(
                    ParamSpec.bool("unset_prints", true,
                            "also report layers without /Usage /Print that are on in the default configuration")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        boolean unset = ctx.bool("unset_prints");
        for (OptionalContentFact.Group g : ProcessingSteps.of(facts)) {
            String why;
            if ("ON".equals(g.printState())) {
                why = "its /Usage /Print /PrintState is ON";
            } else if (unset && g.printState() == null && g.defaultOn()) {
                why = "it has no /Usage /Print and is on by default, so it prints as shown";
            } else {
                continue;
            }
            ctx.finding("Processing-step layer \"" + g.name() + "\" (" + ProcessingSteps.label(g) + ") prints: "
                            + why)
                    .object(g.objectId(), null)
                    .detail("layer", g.name())
                    .detail("step", ProcessingSteps.label(g))
                    .detail("print_state", g.printState())
                    .detail("default_on", g.defaultOn())
                    .report();
        }
    }
}
