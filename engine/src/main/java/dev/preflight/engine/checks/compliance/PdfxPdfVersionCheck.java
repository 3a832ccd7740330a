package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_PDF_VERSION: PDF version too new for the PDF/X edition. */
public final class PdfxPdfVersionCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_PDF_VERSION", "PDF version too new for the PDF/X edition",
            "The file's PDF version is higher than the edition allows: 1.3 for PDF/X-1a:2001 and PDF/X-3:2002, 1.4 for PDF/X-1a:2003 and PDF/X-3:2003, 1.6 for PDF/X-4.",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
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
