package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PDFX_TRIM_AND_ART_BOTH: PDF/X page with both TrimBox and ArtBox. */
public final class PdfxTrimAndArtCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_TRIM_AND_ART_BOTH", "PDF/X page with both TrimBox and ArtBox",
            "A PDF/X page must not define both a TrimBox and an ArtBox; the finished size must be unambiguous.",
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
            if (p.geometry().trimBox() != null && p.geometry().artBox() != null) {
                ctx.finding("Page " + p.pageNum() + " has both TrimBox and ArtBox (" + edition.label + ")")
                        .page(p.pageNum())
                        .object(null, "page")
                        .detail("clause", edition.clause())
                        .report();
            }
        }
    }
}
