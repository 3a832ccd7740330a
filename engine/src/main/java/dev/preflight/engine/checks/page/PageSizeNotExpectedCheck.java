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
import java.util.Locale;

/** PAGE_SIZE_NOT_EXPECTED: a page's trim size is none of the expected formats. */
public final class PageSizeNotExpectedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_SIZE_NOT_EXPECTED", "Unexpected page size",
            "The trim size (TrimBox, else ArtBox, else CropBox; UserUnit applied) of a page is none of the "
                    + "expected formats, in either orientation.",
            "page", Severity.WARNING, "page",
            List.of(ParamSpec.strings("allowed_sizes", List.of("A4", "A3", "A5", "Letter"),
                            "expected formats: names (A0-A6, B4, B5, DL, Letter, Legal, Tabloid) or "
                                    + "WIDTHxHEIGHT in mm, e.g. 100x210"),
                    ParamSpec.number("tolerance_mm", 1.0, 0, 100, "allowed difference of each side, mm")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<PaperSize> sizes = ctx.strings("allowed_sizes").stream().map(PaperSize::parse).toList();
        double tol = ctx.number("tolerance_mm");
        for (PageFacts p : facts.pages()) {
            Box t = p.geometry().effectiveTrim();
            double w = Millimetres.of(t.width(), p.geometry().userUnit());
            double h = Millimetres.of(t.height(), p.geometry().userUnit());
            if (sizes.stream().noneMatch(s -> s.matches(w, h, tol))) {
                ctx.finding(String.format(Locale.ROOT, "Page %d is %.1f x %.1f mm, not one of %s", p.pageNum(), w,
                                h, ctx.strings("allowed_sizes")))
                        .page(p.pageNum())
                        .bbox(t)
                        .detail("width_mm", w)
                        .detail("height_mm", h)
                        .detail("allowed_sizes", ctx.strings("allowed_sizes"))
                        .report();
            }
        }
    }
}
