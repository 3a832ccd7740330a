package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

/** PDFX_DATES_MISSING: PDF/X dates missing. */
public final class PdfxDatesMissingCheck extends PdfxCheck {

    public PdfxDatesMissingCheck() {
        super("PDFX_DATES_MISSING", "PDF/X dates missing",
                "A PDF/X file must record when it was created and last modified: Info /CreationDate and /ModDate for PDF/X-1a and PDF/X-3, XMP xmp:CreateDate and xmp:ModifyDate for PDF/X-4 and later editions.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        String created = edition.xmpBased ? d.xmp().createDate() : d.infoCreationDate();
        String modified = edition.xmpBased ? d.xmp().modifyDate() : d.infoModDate();
        var missing = new java.util.ArrayList<String>();
        if (created == null || created.isBlank()) {
            missing.add(edition.xmpBased ? "xmp:CreateDate" : "CreationDate");
        }
        if (modified == null || modified.isBlank()) {
            missing.add(edition.xmpBased ? "xmp:ModifyDate" : "ModDate");
        }
        if (!missing.isEmpty()) {
            ctx.finding("Missing " + String.join(" and ", missing) + " (" + edition.label + ")")
                    .detail("missing", missing)
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
