package dev.preflight.engine.checks.page;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** PAGE_CONTENT_BEYOND_BLEED: visible content extends past the explicit BleedBox. */
public final class ContentBeyondBleedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_CONTENT_BEYOND_BLEED", "Content beyond the bleed",
            "Visible content (after clipping to the visible page area) extends beyond the explicit BleedBox. It "
                    + "is cut away at output; crop marks or slug text placed there belong outside the trim "
                    + "intentionally, anything else may be misplaced.",
            "page", Severity.INFO, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            Box bleed = p.geometry().bleedBox();
            if (bleed == null) {
                continue;
            }
            for (PaintedElement e : p.elements()) {
                Box b = e.visibleBox();
                if (e.visible() && b != null && !bleed.contains(b)
                        && (e.context() == null || !e.context().startsWith("annotation:"))) {
                    ctx.finding("Page " + p.pageNum() + ": " + e.kind().objectType() + " extends beyond the BleedBox")
                            .page(p.pageNum())
                            .bbox(b)
                            .object(e.objectId(), e.kind().objectType())
                            .report();
                }
            }
        }
    }
}
