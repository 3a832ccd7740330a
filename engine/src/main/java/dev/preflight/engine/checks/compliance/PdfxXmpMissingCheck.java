package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_XMP_MISSING: PDF/X-4 XMP metadata missing or unreadable. */
public final class PdfxXmpMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_XMP_MISSING", "PDF/X-4 XMP metadata missing or unreadable",
            "PDF/X-4 identifies the file and records its metadata in document-level XMP, which must exist and parse. Not applicable to PDF/X-1a and PDF/X-3.",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
        DocumentInfoFact d = facts.document();
        if (edition.xmpBased && (!d.xmp().present() || d.xmp().parseProblem() != null)) {
            ctx.finding(d.xmp().present() ? "The XMP metadata cannot be parsed (" + edition.label + ")"
                            : "The document has no XMP metadata (" + edition.label + ")")
                    .detail("problem", d.xmp().parseProblem())
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
