package dev.preflight.engine.checks.page;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** PAGE_BLEED_INSUFFICIENT: on some side the BleedBox extends less than the minimum beyond the TrimBox. */
public final class BleedInsufficientCheck implements Check {

    /** Absorbs the rounding of boxes written in whole or half points (8.5 pt = 2.9986 mm counts as 3 mm). */
    static final double TOLERANCE_MM = 0.01;

    private static final CheckInfo INFO = new CheckInfo("PAGE_BLEED_INSUFFICIENT", "Bleed too small",
            "On at least one side, the BleedBox (or the CropBox when there is no BleedBox) extends less than the "
                    + "minimum beyond the TrimBox (or ArtBox). Without bleed, a cutting tolerance leaves white "
                    + "edges. Details give the bleed of each side in millimetres (0.01 mm tolerance).",
            "page", Severity.ERROR, "page",
            List.of(ParamSpec.number("min_bleed_mm", 3.0, 0, 100, "smallest bleed on every side, millimetres")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double min = ctx.number("min_bleed_mm");
        for (PageFacts p : facts.pages()) {
            PageGeometry g = p.geometry();
            Bleeds b = Bleeds.of(g);
            var shortSides = new ArrayList<String>();
            b.forEach((side, mm) -> {
                if (mm < min - TOLERANCE_MM) {
                    shortSides.add(side);
                }
            });
            if (!shortSides.isEmpty()) {
                ctx.finding(String.format(Locale.ROOT, "Page %d: bleed %.2f mm on %s, less than %.2f mm",
                                p.pageNum(), b.smallest(), String.join(", ", shortSides), min))
                        .page(p.pageNum())
                        .bbox(g.effectiveTrim())
                        .detail("left_mm", b.left())
                        .detail("right_mm", b.right())
                        .detail("top_mm", b.top())
                        .detail("bottom_mm", b.bottom())
                        .detail("short_sides", shortSides)
                        .detail("min_bleed_mm", min)
                        .detail("bleed_box_explicit", g.bleedBox() != null)
                        .report();
            }
        }
    }

    /** The bleed of each side of a page, in millimetres; negative when the bleed area cuts into the trim. */
    record Bleeds(double left, double right, double top, double bottom) {

        static Bleeds of(PageGeometry g) {
            Box trim = g.effectiveTrim();
            Box bleed = g.bleedBox() != null ? g.bleedBox() : g.cropBox();
            // Readers clip the BleedBox to the MediaBox: bleed beyond the media does not exist.
            Box clipped = bleed.intersection(g.mediaBox());
            Box b = clipped == null ? trim : clipped;
            double uu = g.userUnit();
            return new Bleeds(Millimetres.of(trim.x0() - b.x0(), uu), Millimetres.of(b.x1() - trim.x1(), uu),
                    Millimetres.of(b.y1() - trim.y1(), uu), Millimetres.of(trim.y0() - b.y0(), uu));
        }

        void forEach(java.util.function.ObjDoubleConsumer<String> each) {
            each.accept("left", left);
            each.accept("right", right);
            each.accept("top", top);
            each.accept("bottom", bottom);
        }

        double smallest() {
            return Math.min(Math.min(left, right), Math.min(top, bottom));
        }

        double largest() {
            return Math.max(Math.max(left, right), Math.max(top, bottom));
        }
    }
}
