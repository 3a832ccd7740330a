package dev.preflight.engine.checks.page;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_TRIM_SIZE_MIXED: not all TrimBoxes have the size of the first page's (GWG R0004). */
public final class TrimSizeMixedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_TRIM_SIZE_MIXED", "Mixed trim sizes",
            "Not every page has the same TrimBox size as page 1 (GWG R0004), compared as width x height in "
                    + "page space (UserUnit applied) without considering /Rotate.",
            "page", Severity.WARNING, "page",
            List.of(ParamSpec.number("tolerance_pt", 1.0, 0, 72, "allowed difference of width and height, points")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        if (facts.pages().isEmpty()) {
            return;
        }
        double tol = ctx.number("tolerance_pt") + 1e-3;
        PageFacts first = facts.pages().getFirst();
        double w0 = width(first);
        double h0 = height(first);
        for (PageFacts p : facts.pages()) {
            double w = width(p);
            double h = height(p);
            if (Math.abs(w - w0) > tol || Math.abs(h - h0) > tol) {
                ctx.finding(String.format(java.util.Locale.ROOT,
                                "Page %d trim size %.1f x %.1f mm differs from page 1 (%.1f x %.1f mm)",
                                p.pageNum(), w * Millimetres.PER_POINT, h * Millimetres.PER_POINT,
                                w0 * Millimetres.PER_POINT, h0 * Millimetres.PER_POINT))
                        .page(p.pageNum())
                        .bbox(p.geometry().effectiveTrim())
                        .detail("width_pt", w)
                        .detail("height_pt", h)
                        .detail("first_width_pt", w0)
                        .detail("first_height_pt", h0)
                        .report();
            }
        }
    }

    private static double width(PageFacts p) {
        Box t = p.geometry().effectiveTrim();
        return t.width() * p.geometry().userUnit();
    }

    private static double height(PageFacts p) {
        Box t = p.geometry().effectiveTrim();
        return t.height() * p.geometry().userUnit();
    }
}
