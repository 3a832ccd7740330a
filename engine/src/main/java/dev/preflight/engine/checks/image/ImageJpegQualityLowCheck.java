package dev.preflight.engine.checks.image;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ImageFact;

import java.util.List;

/** IMG_JPEG_QUALITY_LOW: a JPEG saved at a quality below the limit, estimated from its quantisation table. */
public final class ImageJpegQualityLowCheck extends ImageCheck {

    public static final String ID = "IMG_JPEG_QUALITY_LOW";

    public ImageJpegQualityLowCheck() {
        super(ID, "JPEG quality low",
                "A JPEG image was saved at a quality below min_quality, estimated from its luminance quantisation "
                        + "table against the standard table of ITU-T T.81 Annex K on the IJG 1-100 scale. Coarse "
                        + "quantisation shows as 8x8 blocks and ringing around edges in print; GWG and printers "
                        + "ask for maximum or high JPEG quality in print files.",
                Severity.WARNING, List.of(ParamSpec.integer("min_quality", 50, 1, 100,
                        "lowest accepted IJG quality (1-100)")));
    }

    @Override
    void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        Integer q = img.jpegQuality();
        int min = ctx.integer("min_quality");
        if (q != null && q < min) {
            finding(ctx, pl, img, "JPEG image saved at quality about " + q + ", below " + min)
                    .detail("jpeg_quality", q)
                    .detail("min_quality", min)
                    .report();
        }
    }
}
