package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;

/** OI_CONDITION_NOT_EXPECTED: Unexpected printing condition. */
public final class OutputConditionNotExpectedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_CONDITION_NOT_EXPECTED", "Unexpected printing condition",
            "The document-level output intent names none of the expected printing conditions. An intent matches when its OutputConditionIdentifier, OutputCondition, Info or profile description contains one of the expected texts (case-insensitive). Documents without any output intent are left to OI_MISSING.",
            "output_intent", Severity.WARNING, "document", List.of(ParamSpec.strings("expected", List.of("FOGRA39", "FOGRA51", "FOGRA52", "GRACoL", "SWOP", "PSO"),
                    "texts of which the output condition must contain one")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<String> expected = ctx.strings("expected");
        for (OutputIntentFact oi : facts.outputIntents()) {
            if (oi.pageNum() != 0) {
                continue;
            }
            String all = String.join(" ", java.util.Arrays.asList(oi.outputConditionIdentifier(),
                    oi.outputCondition(), oi.info(), oi.profileDescription())).toLowerCase(java.util.Locale.ROOT);
            if (expected.stream().noneMatch(e -> all.contains(e.toLowerCase(java.util.Locale.ROOT)))) {
                ctx.finding("The output intent " + Describe.intent(oi) + " is none of " + expected)
                        .object(oi.objectId(), null)
                        .detail("output_condition_identifier", oi.outputConditionIdentifier())
                        .detail("profile_description", oi.profileDescription())
                        .detail("expected", expected)
                        .report();
            }
        }
    }
}
