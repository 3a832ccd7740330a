package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_BLEEDBOX_MISSING: a page has no explicit BleedBox. */
public final class BleedBoxMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_BLEEDBOX_MISSING", "BleedBox missing",
            "The page has no explicit BleedBox; the bleed area then defaults to the CropBox, which may include "
                    + "marks or slug information that should be cut away.",
            "page", Severity.INFO, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            if (p.geometry().bleedBox() == null) {
                ctx.finding("Page " + p.pageNum() + " has no BleedBox")
                        .page(p.pageNum())
                        .report();
            }
        }
    }
}
