package dev.preflight.engine.checks.image;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.ImagePlacement;

import java.util.List;
import java.util.Locale;

/** IMG_ROTATED: an image placed at an angle other than a multiple of 90 degrees. */
public final class ImageRotatedCheck extends ImageCheck {

    public static final String ID = "IMG_ROTATED";

    public ImageRotatedCheck() {
        super(ID, "Image placed at an angle",
                "An image's edges lie at an angle to the page that is not a multiple of 90 degrees (rotated or "
                        + "sheared in the layout). The RIP resamples it at output time, which softens detail and "
                        + "costs time; the common prepress advice (Adobe, GWG workflow guidance) is to rotate the "
                        + "picture in the image editor and place it upright.",
                Severity.ADVISORY, List.of(ParamSpec.number("tolerance_degrees", 0.5, 0, 45,
                        "allowed deviation from a multiple of 90 degrees")));
    }

    @Override
    void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        ImagePlacement p = pl.element().image();
        if (p == null) {
            return;
        }
        double off = p.degreesOffAxis();
        if (off > ctx.number("tolerance_degrees")) {
            finding(ctx, pl, img, String.format(Locale.ROOT,
                    "Image is placed at %.1f degrees (%.1f degrees off the page's axes)", p.xAxisDeg(), off))
                    .detail("angle_degrees", p.xAxisDeg())
                    .detail("y_axis_degrees", p.yAxisDeg())
                    .detail("degrees_off_axis", off)
                    .report();
        }
    }
}
