package dev.preflight.engine.checks.image;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.ImageFact;

import java.util.List;
import java.util.Locale;

/** Images placed so small that they are likely leftovers (stray pixels, invisible spacer images). */
public final class ImageTinyCheck extends ImageCheck {

    public static final String ID = "IMG_TINY";

    private static final double PT_PER_MM = 72.0 / 25.4;

    public ImageTinyCheck() {
        super(ID, "Tiny image",
                "The image is placed smaller than min_size_mm in both width and height; such images are usually "
                        + "stray leftovers of layout work and may print as specks.",
                Severity.INFO, List.of(
                        ParamSpec.number("min_size_mm", 2.0, 0, 1000, "placed width and height below which an "
                                + "image is tiny (mm)")));
    }

    @Override
    void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        if (pl.element().image() == null) {
            return;
        }
        double limit = ctx.number("min_size_mm") * PT_PER_MM;
        double w = pl.element().image().placedWidthPt();
        double h = pl.element().image().placedHeightPt();
        if (w < limit && h < limit) {
            finding(ctx, pl, img, String.format(Locale.ROOT, "Image is placed only %.2f x %.2f mm",
                    w / PT_PER_MM, h / PT_PER_MM))
                    .detail("placed_width_mm", w / PT_PER_MM).detail("placed_height_mm", h / PT_PER_MM)
                    .detail("min_size_mm", ctx.number("min_size_mm")).report();
        }
    }
}
