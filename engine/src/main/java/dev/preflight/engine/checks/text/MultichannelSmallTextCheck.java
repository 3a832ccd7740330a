package dev.preflight.engine.checks.text;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;

import java.util.List;
import java.util.Locale;

/**
 * Small multi-channel text: Text smaller than min_size_pt whose colour puts ink on two or more separations (CMYK
 * builds, multi-colorant DeviceN, RGB and Lab which convert to several inks) blurs when the plates misregister.
 */
public final class MultichannelSmallTextCheck extends TextCheck {

    public static final String ID = "TEXT_MULTICHANNEL_SMALL";

    public MultichannelSmallTextCheck() {
        super(ID, "Small multi-channel text",
                "Text smaller than min_size_pt whose colour puts ink on two or more separations (CMYK "
                        + "builds, multi-colorant DeviceN, RGB and Lab which convert to several inks) blurs when the "
                        + "plates misregister.",
                Severity.WARNING, List.of(
                        ParamSpec.number("min_size_pt", 8.0, 0, 10000, "smallest allowed multi-channel text size (pt)"),
                        Scale.scalingParam()));
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        double limit = scaled(ctx, pl, "min_size_pt");
        double size = pl.element().text().fontSize();
        if (!Scale.below(size, limit) || !anyPaint(pl.element(), Colorants::isMultiChannel)) {
            return null;
        }
        int channels = Math.max(Colorants.channels(pl.element().fill()), Colorants.channels(pl.element().stroke()));
        return new Hit(String.format(Locale.ROOT, "Text of %.2f pt in %d inks is smaller than %.2f pt", size,
                channels, limit)).with("min_size_pt", limit).with("channels", channels);
    }
}
