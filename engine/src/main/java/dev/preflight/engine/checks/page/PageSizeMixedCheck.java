package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** PAGE_SIZE_MIXED: pages have different displayed sizes (CropBox, rotation applied, orientation ignored). */
public final class PageSizeMixedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_SIZE_MIXED", "Mixed page sizes",
            "Not every page has the size of page 1 (visible area, /Rotate and UserUnit applied; a portrait and a "
                    + "landscape page of the same format count as the same size).",
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
        double[] first = sides(facts.pages().getFirst());
        for (PageFacts p : facts.pages()) {
            double[] s = sides(p);
            if (Math.abs(s[0] - first[0]) > tol || Math.abs(s[1] - first[1]) > tol) {
                ctx.finding(String.format(Locale.ROOT, "Page %d is %.1f x %.1f mm, page 1 is %.1f x %.1f mm",
                                p.pageNum(), s[0] * Millimetres.PER_POINT, s[1] * Millimetres.PER_POINT,
                                first[0] * Millimetres.PER_POINT, first[1] * Millimetres.PER_POINT))
                        .page(p.pageNum())
                        .detail("short_side_pt", s[0])
                        .detail("long_side_pt", s[1])
                        .report();
            }
        }
    }

    /** Short side then long side, points, UserUnit applied. */
    private static double[] sides(PageFacts p) {
        double w = p.geometry().widthPts() * p.geometry().userUnit();
        double h = p.geometry().heightPts() * p.geometry().userUnit();
        return new double[] {Math.min(w, h), Math.max(w, h)};
    }
}
