package dev.preflight.engine.checks.image;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ImageFact;

import java.util.List;
import java.util.Locale;

/** Images stretched differently in width and height (distorted pictures). */
public final class ImageNonProportionalCheck extends ImageCheck {

    public static final String ID = "IMG_SCALED_NONPROPORTIONAL";

    public ImageNonProportionalCheck() {
        super(ID, "Image scaled non-proportionally",
                "The horizontal and vertical effective resolutions differ by more than tolerance_percent, so the "
                        + "picture is distorted (stretched or squeezed).",
                Severity.INFO, List.of(ParamSpec.number("tolerance_percent", 5.0, 0, 1000,
                        "allowed difference between horizontal and vertical resolution (%)")));
    }

    @Override
    void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        var p = pl.element().image();
        if (p == null || p.ppiX() <= 0 || p.ppiY() <= 0) {
            return;
        }
        double diff = (Math.max(p.ppiX(), p.ppiY()) / Math.min(p.ppiX(), p.ppiY()) - 1.0) * 100.0;
        if (diff > ctx.number("tolerance_percent")) {
            finding(ctx, pl, img, String.format(Locale.ROOT,
                    "Image is scaled non-proportionally: %.0f x %.0f ppi (%.1f %% apart)", p.ppiX(), p.ppiY(), diff))
                    .detail("difference_percent", diff).report();
        }
    }
}
