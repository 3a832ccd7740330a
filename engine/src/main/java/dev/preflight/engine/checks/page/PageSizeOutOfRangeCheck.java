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

/** PAGE_SIZE_OUT_OF_RANGE: a page side is shorter or longer than the limits. */
public final class PageSizeOutOfRangeCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_SIZE_OUT_OF_RANGE", "Page size out of range",
            "A side of the page's visible area (CropBox, UserUnit applied) is shorter than the minimum or longer "
                    + "than the maximum. The default maximum is 5080 mm (200 inches), the largest page many PDF "
                    + "tools accept.",
            "page", Severity.ERROR, "page",
            List.of(ParamSpec.number("min_side_mm", 10.0, 0, 100_000, "shortest allowed side, mm"),
                    ParamSpec.number("max_side_mm", 5080.0, 1, 1_000_000, "longest allowed side, mm")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double min = ctx.number("min_side_mm");
        double max = ctx.number("max_side_mm");
        for (PageFacts p : facts.pages()) {
            double w = Millimetres.of(p.geometry().cropBox().width(), p.geometry().userUnit());
            double h = Millimetres.of(p.geometry().cropBox().height(), p.geometry().userUnit());
            if (Math.min(w, h) < min || Math.max(w, h) > max) {
                ctx.finding(String.format(Locale.ROOT, "Page %d is %.1f x %.1f mm, outside %.0f-%.0f mm",
                                p.pageNum(), w, h, min, max))
                        .page(p.pageNum())
                        .detail("width_mm", w)
                        .detail("height_mm", h)
                        .detail("min_side_mm", min)
                        .detail("max_side_mm", max)
                        .report();
            }
        }
    }
}
