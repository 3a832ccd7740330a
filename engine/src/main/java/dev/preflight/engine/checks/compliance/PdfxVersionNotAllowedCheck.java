package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_VERSION_NOT_ALLOWED: Declared PDF/X version not the expected one. */
public final class PdfxVersionNotAllowedCheck extends PdfxCheck {

    public PdfxVersionNotAllowedCheck() {
        super("PDFX_VERSION_NOT_ALLOWED", "Declared PDF/X version not the expected one",
                "The document declares a GTS_PDFXVersion (or, for PDF/X-1a:2001, a GTS_PDFXConformance) other than the edition checked against. Documents that declare nothing are reported by PDFX_VERSION_KEY_MISSING.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        String declared = PdfxEdition.declaredVersion(facts);
        if (declared == null) {
            return;
        }
        List<String> allowed = PdfxEdition.candidates(ctx.string("standard")).stream().map(e -> e.version).toList();
        if (!allowed.contains(declared)) {
            ctx.finding("The document declares " + declared + ", expected " + String.join(" or ", allowed))
                    .detail("declared", declared)
                    .detail("allowed", allowed)
                    .detail("clause", edition.clause())
                    .report();
        } else if (edition.conformance != null && d.gtsPdfxConformance() != null
                && !edition.conformance.equals(d.gtsPdfxConformance().strip())) {
            ctx.finding("The document declares conformance " + d.gtsPdfxConformance() + ", expected "
                            + edition.conformance)
                    .detail("declared_conformance", d.gtsPdfxConformance())
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
