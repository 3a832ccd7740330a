package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_OI_MISSING: PDF/X output intent missing. */
public final class PdfxOutputIntentMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_OI_MISSING", "PDF/X output intent missing",
            "The document has no document-level output intent of subtype GTS_PDFX; every PDF/X file names its printing condition this way.",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
        DocumentInfoFact d = facts.document();
        if (facts.outputIntents().stream().noneMatch(oi -> oi.pageNum() == 0 && "GTS_PDFX".equals(oi.subtype()))) {
            ctx.finding("No GTS_PDFX output intent (" + edition.label + ")")
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
