package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

/** PDFX_TRIM_AND_ART_BOTH: PDF/X page with both TrimBox and ArtBox. */
public final class PdfxTrimAndArtCheck extends PdfxCheck {

    public PdfxTrimAndArtCheck() {
        super("PDFX_TRIM_AND_ART_BOTH", "PDF/X page with both TrimBox and ArtBox",
                "A PDF/X page must not define both a TrimBox and an ArtBox; the finished size must be unambiguous.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
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
