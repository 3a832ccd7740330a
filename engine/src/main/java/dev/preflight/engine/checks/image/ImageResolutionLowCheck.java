package dev.preflight.engine.checks.image;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.ImageFact;

import java.util.ArrayList;
import java.util.List;

/** GWG R0031: continuous-tone images must exceed the effective resolution (dual error/warning threshold). */
public class ImageResolutionLowCheck extends ImageCheck {

    public static final String ID = "IMG_RES_LOW";

    public ImageResolutionLowCheck() {
        this(ID, "Low resolution image",
                "A greyscale or colour image whose effective resolution (pixels over placed size, the smaller axis, "
                        + "GWG D0018) is at or below the limit prints soft or pixelated. Images of min_pixels or fewer "
                        + "pixels in width or height are exempt, and so are soft masks when exempt_soft_masks is set.",
                149.0, 224.0);
    }

    ImageResolutionLowCheck(String id, String name, String description, double error, Double warning) {
        super(id, name, description, Severity.ERROR, params(error, warning));
    }

    static List<ParamSpec> params(double error, Double warning) {
        var p = new ArrayList<>(ResolutionThresholds.params(error, warning));
        p.add(ParamSpec.integer("min_pixels", 16, 0, 1_000_000,
                "images this many pixels or fewer in width or height are exempt"));
        p.add(ParamSpec.bool("exempt_soft_masks", true, "soft-mask images are exempt (GWG 2022)"));
        return p;
    }

    /** Which images this check judges. */
    boolean applies(ImageFact img) {
        return !img.oneBit();
    }

    @Override
    void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        if (!applies(img) || pl.element().image() == null) {
            return;
        }
        int minPx = ctx.integer("min_pixels");
        if (img.width() <= minPx || img.height() <= minPx) {
            return;
        }
        if (img.usedAsSoftMask() && ctx.bool("exempt_soft_masks")) {
            return;
        }
        var t = ResolutionThresholds.of(ctx, Scale.of(ctx, pl.page().geometry()));
        double ppi = pl.element().image().effectivePpi();
        Severity sev = t.judge(ppi, ctx.severity());
        if (sev == null) {
            return;
        }
        var b = finding(ctx, pl, img, String.format(java.util.Locale.ROOT,
                "%s resolution %.0f ppi is not above %.0f ppi", img.oneBit() ? "1-bit image" : "Image", ppi,
                t.limitFor(ppi))).severity(sev);
        t.describe(b, ppi);
        b.report();
    }
}
