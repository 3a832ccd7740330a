package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_ROTATED: a page is rotated with /Rotate (GWG R0004). */
public final class PageRotatedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_ROTATED", "Page rotated",
            "The page dictionary rotates the page with /Rotate (GWG R0004). Imposition software and RIPs "
                    + "disagree on whether to honour it, so pages can end up turned on the sheet.",
            "page", Severity.WARNING, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            int r = p.geometry().rotation();
            if (r != 0) {
                ctx.finding("Page " + p.pageNum() + " is rotated by " + r + " degrees")
                        .page(p.pageNum())
                        .detail("rotation", r)
                        .report();
            }
        }
    }
}
