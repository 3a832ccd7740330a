package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_ORIENTATION_MIXED: portrait and landscape pages are mixed. */
public final class OrientationMixedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_ORIENTATION_MIXED", "Mixed orientations",
            "The document mixes portrait and landscape pages (as displayed, /Rotate applied; square pages count "
                    + "as either). Reported for each page whose orientation differs from the first non-square page.",
            "page", Severity.WARNING, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        String reference = null;
        int referencePage = 0;
        for (PageFacts p : facts.pages()) {
            String o = orientation(p);
            if (o == null) {
                continue;
            }
            if (reference == null) {
                reference = o;
                referencePage = p.pageNum();
            } else if (!reference.equals(o)) {
                ctx.finding("Page " + p.pageNum() + " is " + o + ", page " + referencePage + " is " + reference)
                        .page(p.pageNum())
                        .detail("orientation", o)
                        .detail("reference_orientation", reference)
                        .detail("reference_page", referencePage)
                        .report();
            }
        }
    }

    private static String orientation(PageFacts p) {
        double w = p.geometry().widthPts();
        double h = p.geometry().heightPts();
        if (Math.abs(w - h) <= 1.0) {
            return null;
        }
        return w > h ? "landscape" : "portrait";
    }
}
