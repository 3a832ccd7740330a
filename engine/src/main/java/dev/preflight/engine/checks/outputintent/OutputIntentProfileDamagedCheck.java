package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;

/** OI_PROFILE_DAMAGED: Output intent profile unreadable. */
public final class OutputIntentProfileDamagedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_PROFILE_DAMAGED", "Output intent profile unreadable",
            "The embedded destination profile of an output intent cannot be read as an ICC profile.",
            "output_intent", Severity.ERROR, "document", List.<ParamSpec>of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (OutputIntentFact oi : facts.outputIntents()) {
            if (oi.profileProblem() != null) {
                ctx.finding("The output intent profile of " + Describe.intent(oi) + " is unreadable: "
                                + oi.profileProblem())
                        .page(oi.pageNum())
                        .object(oi.objectId(), null)
                        .detail("problem", oi.profileProblem())
                        .report();
            }
        }
    }
}
