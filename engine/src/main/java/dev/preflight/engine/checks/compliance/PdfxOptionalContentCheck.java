package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_OPTIONAL_CONTENT: Optional content in PDF/X-1a or PDF/X-3. */
public final class PdfxOptionalContentCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_OPTIONAL_CONTENT", "Optional content in PDF/X-1a or PDF/X-3",
            "Optional content (PDF 1.5) is not part of PDF/X-1a or PDF/X-3, whose files are PDF 1.3 or 1.4. PDF/X-4 allows layers (see the OC_* checks).",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-1a")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
        DocumentInfoFact d = facts.document();
        if (!edition.xmpBased && facts.optionalContent().present()) {
            ctx.finding("The document uses optional content (" + edition.label + ")")
                    .detail("layers", facts.optionalContent().groups().size())
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
