package dev.preflight.engine.checks.page;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.checks.CheckContext;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;

/** The bleed of each side of a page, in millimetres; negative when the bleed area cuts into the trim. */
record Bleeds(double left, double right, double top, double bottom) {

    /** Absorbs the rounding of boxes written in whole or half points (8.5 pt = 2.9986 mm counts as 3 mm). */
    static final double TOLERANCE_MM = 0.01;

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

    /** The names of the sides whose bleed passes the test, in the order left, right, top, bottom. */
    List<String> sides(DoublePredicate test) {
        var sides = new ArrayList<String>();
        if (test.test(left)) {
            sides.add("left");
        }
        if (test.test(right)) {
            sides.add("right");
        }
        if (test.test(top)) {
            sides.add("top");
        }
        if (test.test(bottom)) {
            sides.add("bottom");
        }
        return sides;
    }

    /** Adds the bleed of each side to a finding. */
    CheckContext.Builder addTo(CheckContext.Builder finding) {
        return finding.detail("left_mm", left)
                .detail("right_mm", right)
                .detail("top_mm", top)
                .detail("bottom_mm", bottom);
    }

    double smallest() {
        return Math.min(Math.min(left, right), Math.min(top, bottom));
    }

    double largest() {
        return Math.max(Math.max(left, right), Math.max(top, bottom));
    }
}
