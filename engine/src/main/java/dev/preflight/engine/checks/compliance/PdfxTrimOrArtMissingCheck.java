package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

/** PDFX_TRIM_OR_ART_MISSING: PDF/X page without TrimBox or ArtBox. */
public final class PdfxTrimOrArtMissingCheck extends PdfxCheck {

    public PdfxTrimOrArtMissingCheck() {
        super("PDFX_TRIM_OR_ART_MISSING", "PDF/X page without TrimBox or ArtBox",
                "Every page of a PDF/X file must define a TrimBox or an ArtBox.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
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
