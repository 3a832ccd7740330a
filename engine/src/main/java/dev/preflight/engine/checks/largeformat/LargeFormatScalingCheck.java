package dev.preflight.engine.checks.largeformat;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/**
 * GWG R0037: reports, per page, the scaling factor and viewing distance that the resolution, text-size and
 * line-width checks apply, so that an operator can see why their limits differ from the variant values.
 */
public final class LargeFormatScalingCheck implements Check {

    public static final String ID = "LARGE_FORMAT_SCALING";

    private static final CheckInfo INFO = new CheckInfo(ID, "Large-format scaling applied",
            "The page is scaled for large-format output (its /UserUnit, or the scaling_factor parameter) or a viewing "
                    + "distance is set: required resolutions become variant value / viewing distance x scaling factor, "
                    + "and minimum sizes and line widths variant value / scaling factor (GWG R0037).",
            "page", Severity.INFO, "page", List.of(Scale.scalingParam(), Scale.viewingDistanceParam()), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts page : facts.pages()) {
            Scale s = Scale.of(ctx, page.geometry());
            if (s.identity()) {
                continue;
            }
            double vd = s.viewingDistance() == null ? 1.0 : s.viewingDistance();
            ctx.finding(String.format(Locale.ROOT,
                            "Page %d is judged at scaling factor %s%s", page.pageNum(), fmt(s.factor()),
                            s.viewingDistance() == null ? "" : " and viewing distance " + fmt(vd) + " m"))
                    .page(page.pageNum()).bbox(page.geometry().effectiveTrim())
                    .detail("scaling_factor", s.factor()).detail("scaling_source", s.source())
                    .detail("viewing_distance_m", s.viewingDistance())
                    .detail("resolution_multiplier", s.factor() / vd)
                    .detail("size_multiplier", 1.0 / s.factor())
                    .detail("user_unit", page.geometry().userUnit())
                    .report();
        }
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.format(Locale.ROOT, "%.3f", d);
    }
}
