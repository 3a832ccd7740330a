package dev.preflight.engine.checks.image;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/**
 * IMG_MOSTLY_CROPPED: little of a placed image shows, because a clipping path or the page edge cuts the rest away.
 * Judged on boxes: the placement's bounding box against the part of it left inside the clip and the page, so a
 * rotated image or one clipped by a curve counts as showing at least as much as it does.
 */
public final class ImageMostlyCroppedCheck implements Check {

    public static final String ID = "IMG_MOSTLY_CROPPED";

    private static final CheckInfo INFO = new CheckInfo(ID, "Image mostly cropped",
            "Less than min_visible_percent of a placed image's area shows: a clipping path or the page's edge "
                    + "hides the rest (an image wholly clipped or off the page shows 0 %). The hidden pixels "
                    + "still weigh on the file and the RIP, and a picture placed far off its frame is often a "
                    + "placement mistake; crop it in the image editor (common prepress practice, as in Adobe's "
                    + "and printers' file-preparation guides). Measured on bounding boxes.",
            "image", Severity.WARNING, "image", List.of(ParamSpec.number("min_visible_percent", 25.0, 0, 100,
                    "smallest share of the image's area that must show, %")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double min = ctx.number("min_visible_percent");
        for (PageElements.Placed pl : ctx.content(facts).all()) {
            PaintedElement e = pl.element();
            if (e.kind() != ElementKind.IMAGE && e.kind() != ElementKind.IMAGE_MASK || e.bbox() == null
                    || e.bbox().area() <= 0) {
                continue;
            }
            // hidden layers, covered and empty marks are other checks' business; clipped and off-page ones are ours
            String reason = e.notVisibleReason();
            if (!e.visible() && !"clipped".equals(reason) && !"outside_page".equals(reason)) {
                continue;
            }
            ImageFact img = ctx.content(facts).image(e);
            if (img == null) {
                continue;
            }
            Box shown = e.visibleBox();
            double percent = shown == null ? 0 : Math.min(100, shown.area() / e.bbox().area() * 100);
            if (percent < min) {
                ImageCheck.finding(ctx, pl, img, String.format(Locale.ROOT,
                        "Only %.1f %% of the image shows; the rest is clipped or off the page", percent))
                        .bbox(e.bbox())
                        .detail("visible_percent", percent)
                        .detail("min_visible_percent", min)
                        .report();
            }
        }
    }
}
