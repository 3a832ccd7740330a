package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_VERSION_KEY_MISSING: PDF/X version key missing. */
public final class PdfxVersionKeyMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_VERSION_KEY_MISSING", "PDF/X version key missing",
            "The document does not identify itself as PDF/X where the edition requires it: PDF/X-4 needs pdfxid:GTS_PDFXVersion in the XMP metadata; PDF/X-1a and PDF/X-3 need /GTS_PDFXVersion in the Info dictionary (PDF/X-1a:2001 also /GTS_PDFXConformance).",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
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
