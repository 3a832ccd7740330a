package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;

/** OI_PRESENT: Output intent. */
public final class OutputIntentPresentCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_PRESENT", "Output intent",
            "Reports each output intent: its subtype, condition identifier, condition, and destination profile.",
            "output_intent", Severity.INFO, "document", List.<ParamSpec>of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (OutputIntentFact oi : facts.outputIntents()) {
            ctx.finding(oi.subtype() + " output intent " + Describe.intent(oi)
                            + (oi.profileDescription() == null ? "" : " (profile " + oi.profileDescription() + ")"))
                    .page(oi.pageNum())
                    .object(oi.objectId(), null)
                    .detail("subtype", oi.subtype())
                    .detail("output_condition_identifier", oi.outputConditionIdentifier())
                    .detail("output_condition", oi.outputCondition())
                    .detail("registry_name", oi.registryName())
                    .detail("profile_color_space", oi.profileColorSpace())
                    .detail("profile_description", oi.profileDescription())
                    .report();
        }
    }
}
