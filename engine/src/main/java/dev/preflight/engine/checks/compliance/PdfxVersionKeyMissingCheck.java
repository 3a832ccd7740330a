package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

/** PDFX_VERSION_KEY_MISSING: PDF/X version key missing. */
public final class PdfxVersionKeyMissingCheck extends PdfxCheck {

    public PdfxVersionKeyMissingCheck() {
        super("PDFX_VERSION_KEY_MISSING", "PDF/X version key missing",
                "The document does not identify itself as PDF/X where the edition requires it: PDF/X-4 and later "
                        + "editions (-4p, -5g, -5pg, -5n, -6, -6p, -6n) need pdfxid:GTS_PDFXVersion in the XMP "
                        + "metadata; PDF/X-1a and PDF/X-3 need /GTS_PDFXVersion in the Info dictionary (PDF/X-1a:2001 "
                        + "also /GTS_PDFXConformance).",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        String key = edition.xmpBased ? d.xmp().pdfxVersion() : d.gtsPdfxVersion();
        if (key == null || key.isBlank()) {
            ctx.finding((edition.xmpBased ? "XMP pdfxid:GTS_PDFXVersion" : "Info /GTS_PDFXVersion")
                            + " is missing (" + edition.label + ")")
                    .detail("standard", edition.label)
                    .detail("clause", edition.clause())
                    .report();
        }
        if (edition.conformance != null && (d.gtsPdfxConformance() == null || d.gtsPdfxConformance().isBlank())) {
            ctx.finding("Info /GTS_PDFXConformance is missing (" + edition.label + ")")
                    .detail("standard", edition.label)
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
