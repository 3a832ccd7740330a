package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** META_TRAPPED_UNDEFINED: Trapped state not declared. */
public final class TrappedUndefinedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("META_TRAPPED_UNDEFINED", "Trapped state not declared",
            "Neither the Info /Trapped key nor the XMP pdf:Trapped property says True or False (missing or Unknown). The printer cannot tell whether to trap; PDF/X requires True or False.",
            "metadata", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        if (!Text.trueOrFalse(d.infoTrapped()) && !Text.trueOrFalse(x.trapped())) {
            ctx.finding("The trapped state is not declared as True or False")
                    .detail("info_trapped", d.infoTrapped())
                    .detail("xmp_trapped", x.trapped())
                    .report();
        }
    }
}
