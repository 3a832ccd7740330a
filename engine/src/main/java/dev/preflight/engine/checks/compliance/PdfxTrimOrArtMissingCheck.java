package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PDFX_TRIM_OR_ART_MISSING: PDF/X page without TrimBox or ArtBox. */
public final class PdfxTrimOrArtMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_TRIM_OR_ART_MISSING", "PDF/X page without TrimBox or ArtBox",
            "Every page of a PDF/X file must define a TrimBox or an ArtBox.",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
        DocumentInfoFact d = facts.document();
        for (PageFacts p : facts.pages()) {
            if (p.geometry().trimBox() == null && p.geometry().artBox() == null) {
                ctx.finding("Page " + p.pageNum() + " has neither TrimBox nor ArtBox (" + edition.label + ")")
                        .page(p.pageNum())
                        .object(null, "page")
                        .detail("clause", edition.clause())
                        .report();
            }
        }
    }
}
