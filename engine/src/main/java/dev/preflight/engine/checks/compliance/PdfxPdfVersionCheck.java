package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

/** PDFX_PDF_VERSION: PDF version too new for the PDF/X edition. */
public final class PdfxPdfVersionCheck extends PdfxCheck {

    public PdfxPdfVersionCheck() {
        super("PDFX_PDF_VERSION", "PDF version too new for the PDF/X edition",
                "The file's PDF version is higher than the edition allows: 1.3 for PDF/X-1a:2001 and PDF/X-3:2002, 1.4 for "
                        + "PDF/X-1a:2003 and PDF/X-3:2003, 1.6 for PDF/X-4, -4p, -5g, -5pg and -5n, 2.0 for PDF/X-6, "
                        + "-6p and -6n (which must be exactly 2.0: see PDFX6_PDF_VERSION).",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        if (dev.preflight.engine.checks.structure.PdfVersions.compare(d.pdfVersion(), edition.maxPdfVersion) > 0) {
            ctx.finding("PDF version " + d.pdfVersion() + " is newer than " + edition.maxPdfVersion + " ("
                            + edition.label + ")")
                    .detail("pdf_version", d.pdfVersion())
                    .detail("max_version", edition.maxPdfVersion)
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
