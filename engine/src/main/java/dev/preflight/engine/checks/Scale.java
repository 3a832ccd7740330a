package dev.preflight.engine.checks;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.ParamSpec;

/**
 * GWG R0037 scaling for one page: final resolution = variant resolution / viewing distance (m) x scaling factor;
 * final line width and point size = variant value / scaling factor. A page's /UserUnit is the scaling factor when
 * present (D0025); otherwise the check's {@code scaling_factor} parameter applies.
 *
 * @param factor          scaling factor applied
 * @param source          "user_unit" or "parameter"
 * @param viewingDistance viewing distance in metres, or null when none was given
 */
public record Scale(double factor, String source, Double viewingDistance) {

    public static final String SCALING_FACTOR = "scaling_factor";
    public static final String VIEWING_DISTANCE = "viewing_distance_m";

    /** The scaling factor parameter (1 = print at the document's size). */
    public static ParamSpec scalingParam() {
        return ParamSpec.number(SCALING_FACTOR, 1.0, 0.0001, 100000,
                "large-format scaling factor (GWG R0037); a page's /UserUnit overrides it");
    }

    /** The viewing distance parameter in metres (null = no viewing-distance correction). */
    public static ParamSpec viewingDistanceParam() {
        return ParamSpec.number(VIEWING_DISTANCE, null, 0.01, 1000,
                "viewing distance in metres (GWG R0037); required resolution is divided by it");
    }

    /** The scale for a page, from its UserUnit or the check's parameters. */
    public static Scale of(CheckContext ctx, PageGeometry g) {
        CheckInfo info = ctx.info();
        Double vd = info.parameter(VIEWING_DISTANCE) == null ? null : ctx.number(VIEWING_DISTANCE);
        if (g != null && Math.abs(g.userUnit() - 1.0) > 1e-9 && g.userUnit() > 0) {
            return new Scale(g.userUnit(), "user_unit", vd);
        }
        Double p = info.parameter(SCALING_FACTOR) == null ? null : ctx.number(SCALING_FACTOR);
        return new Scale(p == null ? 1.0 : p, "parameter", vd);
    }

    /** The resolution a variant value asks for on this page, in the page's user space. */
    public double resolution(double variantPpi) {
        double d = viewingDistance == null ? 1.0 : viewingDistance;
        return variantPpi / d * factor;
    }

    /** The point size or line width a variant value asks for on this page, in the page's user space. */
    public double size(double variantValue) {
        return variantValue / factor;
    }

    /**
     * "Smaller than" for measured sizes, widths and resolutions. They come out of matrix arithmetic, so a 12 pt font
     * can measure 11.9999999 pt; differences below a millionth of a unit are treated as equal.
     */
    public static boolean below(double measured, double limit) {
        return measured < limit - EPSILON;
    }

    /** "At or below" with the same tolerance as {@link #below}. */
    public static boolean atOrBelow(double measured, double limit) {
        return measured <= limit + EPSILON;
    }

    private static final double EPSILON = 1e-6;

    /** No scaling and no viewing distance: the variant values apply unchanged. */
    public boolean identity() {
        return Math.abs(factor - 1.0) < 1e-12 && viewingDistance == null;
    }
}
