package dev.preflight.engine.checks.image;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.ImageFact;

import java.util.List;
import java.util.Locale;

/** Images whose effective resolution is far above what the output can reproduce (wasted data, slow RIPs). */
public final class ImageResolutionExcessiveCheck extends ImageCheck {

    public static final String ID = "IMG_RES_EXCESSIVE";

    public ImageResolutionExcessiveCheck() {
        super(ID, "Excessive image resolution",
                "The image's effective resolution is above max_ppi (continuous tone) or max_ppi_1bit (1-bit): the "
                        + "extra pixels add file size and RIP time without any visible gain.",
                Severity.INFO, List.of(
                        ParamSpec.number("max_ppi", 600.0, 1, 100000, "highest useful contone resolution (ppi)"),
                        ParamSpec.number("max_ppi_1bit", 2400.0, 1, 100000, "highest useful 1-bit resolution (ppi)"),
                        Scale.scalingParam(), Scale.viewingDistanceParam()));
    }

    @Override
    void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        if (pl.element().image() == null) {
            return;
        }
        Scale s = Scale.of(ctx, pl.page().geometry());
        double max = s.resolution(img.oneBit() ? ctx.number("max_ppi_1bit") : ctx.number("max_ppi"));
        double ppi = pl.element().image().effectivePpi();
        if (ppi > max) {
            finding(ctx, pl, img, String.format(Locale.ROOT, "Image resolution %.0f ppi is above %.0f ppi", ppi, max))
                    .detail("max_ppi", max).detail("scaling_factor", s.factor()).report();
        }
    }
}
