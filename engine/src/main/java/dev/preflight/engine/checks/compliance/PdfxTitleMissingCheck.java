package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_TITLE_MISSING: PDF/X document title missing. */
public final class PdfxTitleMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_TITLE_MISSING", "PDF/X document title missing",
            "A PDF/X file must carry a title: Info /Title for PDF/X-1a and PDF/X-3, XMP dc:title for PDF/X-4.",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
        DocumentInfoFact d = facts.document();
        String title = edition.xmpBased ? d.xmp().title() : d.infoTitle();
        if (title == null || title.isBlank()) {
            ctx.finding((edition.xmpBased ? "XMP dc:title" : "Info /Title") + " is missing (" + edition.label + ")")
                    .detail("clause", edition.clause())
                    .report();
        }
    }
}
