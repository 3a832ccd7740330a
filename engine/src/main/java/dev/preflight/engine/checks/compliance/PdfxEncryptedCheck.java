package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

/** PDFX_ENCRYPTED: PDF/X file encrypted. */
public final class PdfxEncryptedCheck extends PdfxCheck {

    public PdfxEncryptedCheck() {
        super("PDFX_ENCRYPTED", "PDF/X file encrypted",
                "A PDF/X file must not be encrypted: receivers must be able to open, impose and trap it without a password.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        if (d.encrypted()) {
            ctx.finding("The file is encrypted (" + edition.label + ")")
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
