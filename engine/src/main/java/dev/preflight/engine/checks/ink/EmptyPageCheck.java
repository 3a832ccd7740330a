package dev.preflight.engine.checks.ink;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** GWG R0005: a page whose rendered total ink coverage is zero. */
public final class EmptyPageCheck extends InkCheck {

    public static final String ID = "PAGE_EMPTY";

    public EmptyPageCheck() {
        super(ID, "Empty page",
                "The rendered page puts no ink on any separation (total ink coverage 0, GWG R0005); it is usually "
                        + "a forgotten or misplaced page.",
                Severity.ERROR, List.of());
    }

    @Override
    void inspect(PageFacts page, InkFacts ink, CheckContext ctx) {
        double total = ink.coveragePercent().values().stream().mapToDouble(Double::doubleValue).sum();
        if (ink.empty() || total <= 0) {
            ctx.finding("Page " + page.pageNum() + " is empty (no ink)").page(page.pageNum())
                    .bbox(page.geometry().effectiveTrim())
                    .detail("total_coverage_percent", total).detail("render_dpi", ink.dpi()).report();
        }
    }
}
