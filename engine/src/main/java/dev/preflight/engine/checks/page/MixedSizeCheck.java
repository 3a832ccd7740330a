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
import java.util.function.Function;

/**
 * Reports pages whose size, measured as two lengths in points, differs from page 1's by more than tolerance_pt in
 * either length; one instance per way of measuring (displayed page size, trim size).
 */
public final class MixedSizeCheck implements Check {

    /** How a page whose size differs is reported. */
    private interface Report {
        void report(CheckContext ctx, PageFacts page, double[] size, double[] first);
    }

    private final CheckInfo info;
    private final Function<PageFacts, double[]> measure;
    private final Report report;

    private MixedSizeCheck(String id, String name, String description, Function<PageFacts, double[]> measure,
                           Report report) {
        this.info = new CheckInfo(id, name, description, "page", Severity.WARNING, "page",
                List.of(ParamSpec.number("tolerance_pt", 1.0, 0, 72, "allowed difference of width and height, points")),
                false);
        this.measure = measure;
        this.report = report;
    }

    /** PAGE_SIZE_MIXED: pages have different displayed sizes (CropBox, rotation applied, orientation ignored). */
    public static MixedSizeCheck pageSize() {
        return new MixedSizeCheck("PAGE_SIZE_MIXED", "Mixed page sizes",
                "Not every page has the size of page 1 (visible area, /Rotate and UserUnit applied; a portrait and a "
                        + "landscape page of the same format count as the same size).",
                MixedSizeCheck::sides,
                (ctx, p, s, first) -> ctx.finding(String.format(Locale.ROOT,
                                "Page %d is %.1f x %.1f mm, page 1 is %.1f x %.1f mm",
                                p.pageNum(), s[0] * Millimetres.PER_POINT, s[1] * Millimetres.PER_POINT,
                                first[0] * Millimetres.PER_POINT, first[1] * Millimetres.PER_POINT))
                        .page(p.pageNum())
                        .detail("short_side_pt", s[0])
                        .detail("long_side_pt", s[1])
                        .report());
    }

    /** PAGE_TRIM_SIZE_MIXED: not all TrimBoxes have the size of the first page's (GWG R0004). */
    public static MixedSizeCheck trimSize() {
        return new MixedSizeCheck("PAGE_TRIM_SIZE_MIXED", "Mixed trim sizes",
                "Not every page has the same TrimBox size as page 1 (GWG R0004), compared as width x height in "
                        + "page space (UserUnit applied) without considering /Rotate.",
                MixedSizeCheck::trimWidthHeight,
                (ctx, p, s, first) -> ctx.finding(String.format(Locale.ROOT,
                                "Page %d trim size %.1f x %.1f mm differs from page 1 (%.1f x %.1f mm)",
                                p.pageNum(), s[0] * Millimetres.PER_POINT, s[1] * Millimetres.PER_POINT,
                                first[0] * Millimetres.PER_POINT, first[1] * Millimetres.PER_POINT))
                        .page(p.pageNum())
                        .bbox(p.geometry().effectiveTrim())
                        .detail("width_pt", s[0])
                        .detail("height_pt", s[1])
                        .detail("first_width_pt", first[0])
                        .detail("first_height_pt", first[1])
                        .report());
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        if (facts.pages().isEmpty()) {
            return;
        }
        double tol = ctx.number("tolerance_pt") + 1e-3;
        double[] first = measure.apply(facts.pages().getFirst());
        for (PageFacts p : facts.pages()) {
            double[] s = measure.apply(p);
            if (Math.abs(s[0] - first[0]) > tol || Math.abs(s[1] - first[1]) > tol) {
                report.report(ctx, p, s, first);
            }
        }
    }

    /** Displayed short side then long side, points, UserUnit applied. */
    private static double[] sides(PageFacts p) {
        double w = p.geometry().widthPts() * p.geometry().userUnit();
        double h = p.geometry().heightPts() * p.geometry().userUnit();
        return new double[] {Math.min(w, h), Math.max(w, h)};
    }

    /** Effective trim width then height in page space, points, UserUnit applied. */
    private static double[] trimWidthHeight(PageFacts p) {
        Box t = p.geometry().effectiveTrim();
        return new double[] {t.width() * p.geometry().userUnit(), t.height() * p.geometry().userUnit()};
    }
}
