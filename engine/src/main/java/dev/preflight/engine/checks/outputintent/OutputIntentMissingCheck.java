package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** OI_MISSING: Output intent missing. */
public final class OutputIntentMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_MISSING", "Output intent missing",
            "The document has no document-level output intent, so the printing condition it was prepared for (and therefore how its colours should be reproduced and checked) is unknown.",
            "output_intent", Severity.ERROR, "document", List.<ParamSpec>of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        if (facts.outputIntents().stream().noneMatch(oi -> oi.pageNum() == 0)) {
            ctx.finding("The document has no output intent").report();
        }
    }
}
