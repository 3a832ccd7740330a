package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PDFX_BOXES_NOT_NESTED: PDF/X page boxes not nested. */
public final class PdfxBoxesNestingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_BOXES_NOT_NESTED", "PDF/X page boxes not nested",
            "On a PDF/X page the TrimBox (or ArtBox) must lie within the BleedBox (when present), and both within the MediaBox.",
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
