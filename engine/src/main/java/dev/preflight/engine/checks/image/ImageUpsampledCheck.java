package dev.preflight.engine.checks.image;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ImageFact;

import java.util.List;
import java.util.Locale;

/** Images whose pixels are replicated blocks: the resolution was raised without adding detail. */
public final class ImageUpsampledCheck extends ImageCheck {

    public static final String ID = "IMG_UPSAMPLED";

    public ImageUpsampledCheck() {
        super(ID, "Upsampled image",
                "Each source pixel of the image is repeated in blocks of min_factor x min_factor or more, so its "
                        + "nominal resolution hides a much lower real resolution.",
                Severity.WARNING, List.of(
                        ParamSpec.integer("min_factor", 2, 2, 64, "smallest pixel replication factor reported")));
    }

    @Override
    void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        Integer f = img.upsampleFactor();
        if (f == null || f < ctx.integer("min_factor")) {
            return;
        }
        var b = finding(ctx, pl, img, "Image is upsampled: each pixel is repeated " + f + "x" + f)
                .detail("upsample_factor", f);
        if (pl.element().image() != null) {
            b.detail("real_ppi", pl.element().image().effectivePpi() / f);
            b.detail("note", String.format(Locale.ROOT, "real detail is %.0f ppi",
                    pl.element().image().effectivePpi() / f));
        }
        b.report();
    }
}
