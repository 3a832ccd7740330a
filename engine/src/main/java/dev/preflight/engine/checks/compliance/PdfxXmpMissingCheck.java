package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

/** PDFX_XMP_MISSING: PDF/X-4 XMP metadata missing or unreadable. */
public final class PdfxXmpMissingCheck extends PdfxCheck {

    public PdfxXmpMissingCheck() {
        super("PDFX_XMP_MISSING", "PDF/X XMP metadata missing or unreadable",
                "PDF/X-4 and later editions identify the file and record its metadata in document-level XMP, which must exist and parse. Not applicable to PDF/X-1a and PDF/X-3.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        if (edition.xmpBased && (!d.xmp().present() || d.xmp().parseProblem() != null)) {
            ctx.finding(d.xmp().present() ? "The XMP metadata cannot be parsed (" + edition.label + ")"
                            : "The document has no XMP metadata (" + edition.label + ")")
                    .detail("problem", d.xmp().parseProblem())
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
