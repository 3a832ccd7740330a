package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

/** PDFX_TITLE_MISSING: PDF/X document title missing. */
public final class PdfxTitleMissingCheck extends PdfxCheck {

    public PdfxTitleMissingCheck() {
        super("PDFX_TITLE_MISSING", "PDF/X document title missing",
                "A PDF/X file must carry a title: Info /Title for PDF/X-1a and PDF/X-3, XMP dc:title for PDF/X-4 and later editions.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        String title = edition.xmpBased ? d.xmp().title() : d.infoTitle();
        if (title == null || title.isBlank()) {
            ctx.finding((edition.xmpBased ? "XMP dc:title" : "Info /Title") + " is missing (" + edition.label + ")")
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
