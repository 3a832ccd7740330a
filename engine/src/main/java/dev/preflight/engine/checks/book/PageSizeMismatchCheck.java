package dev.preflight.engine.checks.book;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** BINDING_PAGE_SIZE_MISMATCH: an interior page whose trim is not the book's trim. */
public final class PageSizeMismatchCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("BINDING_PAGE_SIZE_MISMATCH",
            "Interior page not the book's trim size",
            "An interior page's trim size (TrimBox, else ArtBox, else CropBox; UserUnit applied; as shown, "
                    + "after /Rotate) differs by more than tolerance_mm from trim_width_mm x trim_height_mm. "
                    + "Every page of a bound book is cut to one size: a page exported at another size (a letter "
                    + "page in a 6 x 9 in book, a spread exported as one page, a landscape insert) is scaled or "
                    + "cropped by the printer, or stops the job (KDP and IngramSpark reject interiors whose pages "
                    + "differ from the trim chosen).",
            "book", Severity.ERROR, "page",
            List.of(Cover.trimWidthParam(), Cover.trimHeightParam(),
                    ParamSpec.number("tolerance_mm", 0.5, 0, 50, "allowed difference of each side, mm")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double wantW = ctx.number("trim_width_mm");
        double wantH = ctx.number("trim_height_mm");
        double tol = ctx.number("tolerance_mm");
        for (PageFacts p : facts.pages()) {
            PageGeometry g = p.geometry();
            Box t = g.effectiveTrim();
            boolean turned = g.rotation() % 180 != 0;
            double w = (turned ? t.height() : t.width()) * g.userUnit() / Cover.PT_PER_MM;
            double h = (turned ? t.width() : t.height()) * g.userUnit() / Cover.PT_PER_MM;
            if (Math.abs(w - wantW) <= tol + 1e-9 && Math.abs(h - wantH) <= tol + 1e-9) {
                continue;
            }
            ctx.finding(String.format(Locale.ROOT, "Page %d is %.2f x %.2f mm; the book's trim is %.2f x %.2f mm",
                            p.pageNum(), w, h, wantW, wantH))
                    .page(p.pageNum())
                    .bbox(t)
                    .detail("width_mm", w)
                    .detail("height_mm", h)
                    .detail("trim_width_mm", wantW)
                    .detail("trim_height_mm", wantH)
                    .report();
        }
    }
}
