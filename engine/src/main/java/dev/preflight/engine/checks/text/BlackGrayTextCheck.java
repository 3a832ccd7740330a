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
 * Small black text in DeviceGray: Pure black text smaller than max_size_pt painted in DeviceGray cannot be relied on to
 * overprint (GWG R0011): it should be DeviceCMYK 0/0/0/100 set to overprint.
 */
public final class BlackGrayTextCheck extends TextCheck {

    public static final String ID = "TEXT_BLACK_GRAY_SMALL";

    public BlackGrayTextCheck() {
        super(ID, "Small black text in DeviceGray",
                "Pure black text smaller than max_size_pt painted in DeviceGray cannot be relied on to "
                        + "overprint (GWG R0011): it should be DeviceCMYK 0/0/0/100 set to overprint.",
                Severity.WARNING, List.of(
                        ParamSpec.number("max_size_pt", 12.0, 0, 10000,
                                "text smaller than this must not be DeviceGray black (pt)"),
                        Scale.scalingParam()));
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        double limit = scaled(ctx, pl, "max_size_pt");
        double size = pl.element().text().fontSize();
        var e = pl.element();
        boolean grayFill = e.fill() != null && e.fill().space().equals("DeviceGray") && Colorants.blackFill(e);
        boolean grayStroke = e.stroke() != null && e.stroke().space().equals("DeviceGray") && Colorants.blackStroke(e);
        if (!Scale.below(size, limit) || !(grayFill || grayStroke)) {
            return null;
        }
        return new Hit(String.format(Locale.ROOT, "Black text of %.2f pt (below %.2f pt) uses DeviceGray", size, limit))
                .with("max_size_pt", limit);
    }
}
