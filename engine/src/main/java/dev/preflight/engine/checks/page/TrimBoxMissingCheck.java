package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_TRIMBOX_MISSING: a page defines neither a TrimBox nor an ArtBox. */
public final class TrimBoxMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_TRIMBOX_MISSING", "TrimBox missing",
            "The page has no explicit TrimBox (and no ArtBox), so the finished size is unknown: imposition falls "
                    + "back to the CropBox, which usually includes bleed or marks.",
            "page", Severity.ERROR, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            if (p.geometry().trimBox() == null && p.geometry().artBox() == null) {
                ctx.finding("Page " + p.pageNum() + " has no TrimBox")
                        .page(p.pageNum())
                        .bbox(p.geometry().cropBox())
                        .report();
            }
        }
    }
}
