package dev.preflight.engine.checks.book;

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

/** COVER_SIZE: the cover spread is not two trims plus the spine (plus the bleed) wide and a trim high. */
public final class CoverSizeCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("COVER_SIZE", "Cover size does not fit the book",
            "A cover spread must be 2 x trim_width_mm + spine_mm wide and trim_height_mm high once trimmed, and "
                    + "bleed_mm larger on every side as a sheet: the formula of every printer's cover template "
                    + "(Amazon KDP, IngramSpark, Lulu). With a TrimBox the TrimBox is measured against the trimmed "
                    + "size; without one the page (CropBox) is measured against the size with bleed. When "
                    + "spine_mm is not given the spine is what the width leaves, so only the height is judged, "
                    + "and a cover narrower than two trims.",
            "book", Severity.ERROR, "page",
            List.of(Cover.trimWidthParam(), Cover.trimHeightParam(), Cover.bleedParam(), Cover.spineParam(),
                    ParamSpec.number("tolerance_mm", 0.5, 0, 20, "allowed difference of each side, mm")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double trimW = ctx.number("trim_width_mm");
        double trimH = ctx.number("trim_height_mm");
        double bleed = ctx.number("bleed_mm");
        Double spine = ctx.number("spine_mm");
        double tol = ctx.number("tolerance_mm");
        for (PageFacts p : facts.pages()) {
            boolean trimmed = p.geometry().trimBox() != null;
            Box measured = trimmed ? p.geometry().trimBox() : p.geometry().cropBox();
            double uu = p.geometry().userUnit();
            double w = measured.width() * uu / Cover.PT_PER_MM;
            double h = measured.height() * uu / Cover.PT_PER_MM;
            double extra = trimmed ? 0 : 2 * bleed;
            double wantH = trimH + extra;
            String what = trimmed ? "trimmed (TrimBox)" : "with bleed (no TrimBox, so the page is the sheet)";
            boolean badH = Math.abs(h - wantH) > tol + 1e-9;
            boolean badW;
            String want;
            if (spine != null) {
                double wantW = 2 * trimW + spine + extra;
                badW = Math.abs(w - wantW) > tol + 1e-9;
                want = fmt(wantW) + " x " + fmt(wantH) + " mm";
            } else {
                badW = w < 2 * trimW + extra - tol - 1e-9;
                want = "at least " + fmt(2 * trimW + extra) + " mm wide and " + fmt(wantH) + " mm high";
            }
            if (!badW && !badH) {
                continue;
            }
            String spineText = spine == null ? "a spine of any width" : "a " + fmt(spine) + " mm spine";
            ctx.finding(String.format(Locale.ROOT, "Page %d is %s x %s mm %s; a %s x %s mm trim with %s and "
                                    + "%s mm bleed needs %s", p.pageNum(), fmt(w), fmt(h), what, fmt(trimW),
                            fmt(trimH), spineText, fmt(bleed), want))
                    .page(p.pageNum())
                    .bbox(measured)
                    .detail("measured_box", trimmed ? "TrimBox" : "CropBox")
                    .detail("width_mm", w)
                    .detail("height_mm", h)
                    .detail("expected_width_mm", spine == null ? null : 2 * trimW + spine + extra)
                    .detail("expected_height_mm", wantH)
                    .detail("implied_spine_mm", w - 2 * trimW - extra)
                    .report();
        }
    }

    /** Millimetres to at most three decimals, without trailing zeros: 152.4, 3.175. */
    static String fmt(double mm) {
        return java.math.BigDecimal.valueOf(Math.round(mm * 1000) / 1000.0).stripTrailingZeros().toPlainString();
    }
}
