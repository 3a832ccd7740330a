package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.Box;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

/** PDFX_BOXES_NOT_NESTED: PDF/X page boxes not nested. */
public final class PdfxBoxesNestingCheck extends PdfxCheck {

    public PdfxBoxesNestingCheck() {
        super("PDFX_BOXES_NOT_NESTED", "PDF/X page boxes not nested",
                "On a PDF/X page the TrimBox (or ArtBox) must lie within the BleedBox (when present), and both within the MediaBox.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            var g = p.geometry();
            Box trim = g.trimBox() != null ? g.trimBox() : g.artBox();
            String problem = null;
            if (trim != null && g.bleedBox() != null && !g.bleedBox().contains(trim)) {
                problem = "the TrimBox extends beyond the BleedBox";
            } else if (trim != null && !g.mediaBox().contains(trim)) {
                problem = "the TrimBox extends beyond the MediaBox";
            } else if (g.bleedBox() != null && !g.mediaBox().contains(g.bleedBox())) {
                problem = "the BleedBox extends beyond the MediaBox";
            }
            if (problem != null) {
                ctx.finding("Page " + p.pageNum() + ": " + problem + " (" + edition.label + ")")
                        .page(p.pageNum())
                        .object(null, "page")
                        .detail("clause", edition.clause())
                        .report();
            }
        }
    }
}
