package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** OI_MULTIPLE_PDFX: More than one PDF/X output intent. */
public final class OutputIntentMultipleCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_MULTIPLE_PDFX", "More than one PDF/X output intent",
            "The document declares more than one document-level GTS_PDFX output intent; a PDF/X file has exactly one printing condition.",
            "output_intent", Severity.ERROR, "document", List.<ParamSpec>of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var pdfx = facts.outputIntents().stream()
                .filter(oi -> oi.pageNum() == 0 && "GTS_PDFX".equals(oi.subtype())).toList();
        if (pdfx.size() > 1) {
            ctx.finding("The document has " + pdfx.size() + " GTS_PDFX output intents")
                    .detail("count", pdfx.size())
                    .detail("identifiers", pdfx.stream().map(Describe::intent).toList())
                    .report();
        }
    }
}
