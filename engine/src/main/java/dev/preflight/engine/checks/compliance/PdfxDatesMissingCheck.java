package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_DATES_MISSING: PDF/X dates missing. */
public final class PdfxDatesMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_DATES_MISSING", "PDF/X dates missing",
            "A PDF/X file must record when it was created and last modified: Info /CreationDate and /ModDate for PDF/X-1a and PDF/X-3, XMP xmp:CreateDate and xmp:ModifyDate for PDF/X-4.",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
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
