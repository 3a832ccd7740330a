package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_ENCRYPTED: PDF/X file encrypted. */
public final class PdfxEncryptedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_ENCRYPTED", "PDF/X file encrypted",
            "A PDF/X file must not be encrypted: receivers must be able to open, impose and trap it without a password.",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
        DocumentInfoFact d = facts.document();
        if (d.encrypted()) {
            ctx.finding("The file is encrypted (" + edition.label + ")")
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
