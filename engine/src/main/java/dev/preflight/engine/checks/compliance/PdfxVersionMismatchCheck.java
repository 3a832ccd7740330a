package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

/** PDFX_VERSION_MISMATCH: PDF/X version differs between Info and XMP. */
public final class PdfxVersionMismatchCheck extends PdfxCheck {

    public PdfxVersionMismatchCheck() {
        super("PDFX_VERSION_MISMATCH", "PDF/X version differs between Info and XMP",
                "The Info /GTS_PDFXVersion and the XMP pdfxid:GTS_PDFXVersion are both present but differ, so tools disagree about which standard the file claims.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        String info = d.gtsPdfxVersion();
        String xmp = d.xmp().pdfxVersion();
        if (info != null && xmp != null && !info.isBlank() && !xmp.isBlank() && !info.strip().equals(xmp.strip())) {
            ctx.finding("Info /GTS_PDFXVersion " + info + " differs from XMP " + xmp)
                    .detail("info_version", info)
                    .detail("xmp_version", xmp)
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
