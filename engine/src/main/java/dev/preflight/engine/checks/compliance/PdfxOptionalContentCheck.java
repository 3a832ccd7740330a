package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

/** PDFX_OPTIONAL_CONTENT: Optional content in PDF/X-1a or PDF/X-3. */
public final class PdfxOptionalContentCheck extends PdfxCheck {

    public PdfxOptionalContentCheck() {
        super("PDFX_OPTIONAL_CONTENT", "Optional content in PDF/X-1a or PDF/X-3",
                "Optional content (PDF 1.5) is not part of PDF/X-1a or PDF/X-3, whose files are PDF 1.3 or 1.4. PDF/X-4 and later editions allow layers (see the OC_* checks).",
                "document", "PDF/X-1a");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        if (!edition.xmpBased && facts.optionalContent().present()) {
            ctx.finding("The document uses optional content (" + edition.label + ")")
                    .detail("layers", facts.optionalContent().groups().size())
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
