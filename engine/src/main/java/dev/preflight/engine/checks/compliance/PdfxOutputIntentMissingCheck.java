package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

/** PDFX_OI_MISSING: PDF/X output intent missing. */
public final class PdfxOutputIntentMissingCheck extends PdfxCheck {

    public PdfxOutputIntentMissingCheck() {
        super("PDFX_OI_MISSING", "PDF/X output intent missing",
                "The document has no document-level output intent of subtype GTS_PDFX; every PDF/X file names its printing condition this way.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        if (facts.outputIntents().stream().noneMatch(oi -> oi.pageNum() == 0 && "GTS_PDFX".equals(oi.subtype()))) {
            ctx.finding("No GTS_PDFX output intent (" + edition.label + ")")
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
