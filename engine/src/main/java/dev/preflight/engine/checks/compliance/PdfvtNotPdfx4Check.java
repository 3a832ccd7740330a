package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** PDFVT_NOT_PDFX4: a PDF/VT-1 file that does not declare PDF/X-4. */
public final class PdfvtNotPdfx4Check implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFVT_NOT_PDFX4", "PDF/VT-1 file not declared PDF/X-4",
            "PDF/VT-1 (ISO 16612-2) is PDF/X-4 with document parts: the file must also declare PDF/X-4 "
                    + "(pdfxid:GTS_PDFXVersion in the XMP metadata, or Info /GTS_PDFXVersion) and conform to it; "
                    + "the pdfvt-1 profile runs the PDF/X-4 checks beside this one. PDF/X-4p, -5 and -6 are not "
                    + "PDF/VT-1 (PDF/VT-2 builds on PDF/X-4p and -5).",
            "compliance", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        String declared = PdfxEdition.declaredVersion(facts);
        if (!"PDF/X-4".equals(declared)) {
            ctx.finding(declared == null ? "The document does not declare PDF/X-4, which PDF/VT-1 requires"
                            : "The document declares " + declared + ", but PDF/VT-1 requires PDF/X-4")
                    .detail("declared", declared)
                    .detail("clause", PdfvtVersionKeyCheck.CLAUSE)
                    .report();
        }
    }
}
