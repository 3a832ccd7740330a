package dev.preflight.analysis;

import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * The colour values of a customer's BrandSpec that a job is measured against: when a request carries one, the
 * pipeline adds the brand colour checks ({@code BRAND_COLOR_OFF_SPEC}, {@code BRAND_RICH_BLACK_OFF_SPEC}) to the
 * profile's run with these values as their parameters. Without one those advisories stay off.
 *
 * @param specId    the BrandSpec's id (shown in the findings' details)
 * @param colors    the brand colours; each value as {@link BrandColors#problem} accepts it
 * @param richBlack the specified rich black, or null
 */
public record BrandSpecTargets(String specId, @Nullable String specName, List<Color> colors,
                               @Nullable RichBlack richBlack) {

    public BrandSpecTargets {
        colors = List.copyOf(colors);
    }

    /** One named brand colour. */
    public record Color(String name, String value) {
    }

    /** The specified rich black, in percent (0-100) per ink. */
    public record RichBlack(double c, double m, double y, double k) {
    }
}
