package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_VERSION_MISMATCH: PDF/X version differs between Info and XMP. */
public final class PdfxVersionMismatchCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_VERSION_MISMATCH", "PDF/X version differs between Info and XMP",
            "The Info /GTS_PDFXVersion and the XMP pdfxid:GTS_PDFXVersion are both present but differ, so tools disagree about which standard the file claims.",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
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
