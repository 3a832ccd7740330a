package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** DOC_PRINT_RESTRICTED: the permissions forbid printing, or allow only a degraded (low-resolution) print. */
public final class PrintRestrictedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_PRINT_RESTRICTED", "Printing is restricted",
            "The encryption permissions forbid printing or allow only low-resolution printing, so a RIP that "
                    + "honours permissions will refuse the file or print it degraded.",
            "structure", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        if (!d.canPrint() || !d.canPrintHighRes()) {
            ctx.finding(d.canPrint() ? "The permissions allow only low-resolution printing"
                            : "The permissions do not allow printing")
                    .detail("can_print", d.canPrint())
                    .detail("can_print_high_res", d.canPrintHighRes())
                    .report();
        }
    }
}
