package dev.preflight.engine.checks.image;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Scale;

import java.util.List;

/**
 * The dual error/warning resolution limits of GWG R0031-R0033 ("shall be greater than A"): a resolution at or below
 * {@code error_ppi} takes the profile's severity; one above it but at or below {@code warning_ppi} is at most a
 * warning. Both limits are scaled for large format (R0037).
 */
record ResolutionThresholds(double errorPpi, Double warningPpi, Scale scale) {

    static List<ParamSpec> params(double error, Double warning) {
        return List.of(
                ParamSpec.number("error_ppi", error, 0, 100000,
                        "effective resolution at or below which the image is an error (ppi)"),
                ParamSpec.number("warning_ppi", warning, 0, 100000,
                        "effective resolution at or below which the image is a warning (ppi); null = off"),
                Scale.scalingParam(), Scale.viewingDistanceParam());
    }

    static ResolutionThresholds of(CheckContext ctx, Scale scale) {
        return new ResolutionThresholds(scale.resolution(ctx.number("error_ppi")),
                ctx.number("warning_ppi") == null ? null : scale.resolution(ctx.number("warning_ppi")), scale);
    }

    /** The severity of a resolution, or null when it is fine. */
    Severity judge(double ppi, Severity configured) {
        if (Scale.atOrBelow(ppi, errorPpi)) {
            return configured;
        }
        if (warningPpi != null && Scale.atOrBelow(ppi, warningPpi)) {
            return configured.ordinal() < Severity.WARNING.ordinal() ? Severity.WARNING : configured;
        }
        return null;
    }

    /** The limit that was not exceeded. */
    double limitFor(double ppi) {
        return Scale.atOrBelow(ppi, errorPpi) ? errorPpi : warningPpi;
    }

    void describe(CheckContext.Builder b, double ppi) {
        b.detail("required_ppi", limitFor(ppi)).detail("error_ppi", errorPpi).detail("warning_ppi", warningPpi)
                .detail("level", Scale.atOrBelow(ppi, errorPpi) ? "error" : "warning");
        if (!scale.identity()) {
            b.detail("scaling_factor", scale.factor()).detail("scaling_source", scale.source())
                    .detail("viewing_distance_m", scale.viewingDistance());
        }
    }
}
