package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.structure.PdfVersions;
import dev.preflight.engine.facts.DocumentFacts;

/** PDFX6_PDF_VERSION: a PDF/X-6 file that is not PDF 2.0. */
public final class Pdfx6PdfVersionCheck extends PdfxCheck {

    public Pdfx6PdfVersionCheck() {
        super("PDFX6_PDF_VERSION", "PDF/X-6 file not PDF 2.0",
                "PDF/X-6, -6p and -6n (ISO 15930-9) are built on PDF 2.0: the file's version (its header, raised "
                        + "by the catalog's /Version) must be exactly 2.0. Older versions lack what PDF/X-6 relies on "
                        + "(page-level output intents, the PDF 2.0 rules for black point compensation and "
                        + "transparency). Not applicable to earlier editions (PDFX_PDF_VERSION judges those).",
                "document", "PDF/X-6");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        String version = facts.document().pdfVersion();
        if (edition.pdf20() && PdfVersions.compare(version, "2.0") != 0) {
            ctx.finding("PDF version " + version + " is not 2.0 (" + edition.label + ")")
                    .detail("pdf_version", version)
                    .detail("required_version", "2.0")
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
