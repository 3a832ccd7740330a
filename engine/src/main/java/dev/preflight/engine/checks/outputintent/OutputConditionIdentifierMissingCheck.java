package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;

/** OI_IDENTIFIER_MISSING: OutputConditionIdentifier missing. */
public final class OutputConditionIdentifierMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_IDENTIFIER_MISSING", "OutputConditionIdentifier missing",
            "An output intent has no (or an empty) /OutputConditionIdentifier, which every output intent requires (ISO 32000, PDF/X).",
            "output_intent", Severity.ERROR, "document", List.<ParamSpec>of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (OutputIntentFact oi : facts.outputIntents()) {
            if (oi.outputConditionIdentifier() == null || oi.outputConditionIdentifier().isBlank()) {
                ctx.finding("A " + oi.subtype() + " output intent has no OutputConditionIdentifier")
                        .page(oi.pageNum())
                        .object(oi.objectId(), null)
                        .report();
            }
        }
    }
}
