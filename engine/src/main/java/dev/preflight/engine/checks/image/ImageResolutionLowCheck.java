package dev.preflight.engine.checks.image;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.DocumentFacts;
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
                        + "pixels in width or height are exempt, and so are soft masks when exempt_soft_masks is set; "
                        + "slices of one picture (touching placements at the same resolution, as printer drivers "
                        + "write them) are merged first and exempt only when the merged picture is that small.",
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

    /**
     * Judges every placement; placements below min_pixels are not exempt at once: printer drivers slice one bitmap
     * into many 1-pixel runs, so touching slices of the same resolution are merged first and the merged picture is
     * judged, exempt only when it is itself tiny.
     */
    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var small = new ArrayList<PageElements.Placed>();
        walk(facts, ctx, (pl, img) -> {
            if (!judged(pl, img, ctx)) {
                return;
            }
            int minPx = ctx.integer("min_pixels");
            if (img.width() <= minPx || img.height() <= minPx) {
                small.add(pl);
            } else {
                judge(pl, img, pl.box(), pl.element().image().effectivePpi(), 1, ctx);
            }
        });
        ImageSlices.merge(small).forEach(g -> {
            if (g.size() < 2) {
                return;
            }
            double ppiX = g.getFirst().element().image().ppiX();
            double ppiY = g.getFirst().element().image().ppiY();
            Box merged = ImageSlices.box(g);
            int minPx = ctx.integer("min_pixels");
            if (merged.width() * ppiX / 72.0 <= minPx || merged.height() * ppiY / 72.0 <= minPx) {
                return; // the merged picture is itself tiny
            }
            double ppi = g.stream().mapToDouble(pl -> pl.element().image().effectivePpi()).min().orElseThrow();
            judge(g.getFirst(), ctx.content(facts).image(g.getFirst().element()), merged, ppi, g.size(), ctx);
        });
    }

    @Override
    void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        // run() judges placements itself, slices merged
    }

    /** Whether this check judges the placement at all (kind of image, soft-mask exemption). */
    private boolean judged(PageElements.Placed pl, ImageFact img, CheckContext ctx) {
        if (!applies(img) || pl.element().image() == null) {
            return false;
        }
        return !(img.usedAsSoftMask() && ctx.bool("exempt_soft_masks"));
    }

    private void judge(PageElements.Placed pl, ImageFact img, Box box, double ppi, int slices, CheckContext ctx) {
        var t = ResolutionThresholds.of(ctx, Scale.of(ctx, pl.page().geometry()));
        Severity sev = t.judge(ppi, ctx.severity());
        if (sev == null) {
            return;
        }
        String what = img.oneBit() ? "1-bit image" : "Image";
        String message = slices > 1
                ? String.format(java.util.Locale.ROOT, "%s of %d slices resolution %.0f ppi is not above %.0f ppi",
                what, slices, ppi, t.limitFor(ppi))
                : String.format(java.util.Locale.ROOT, "%s resolution %.0f ppi is not above %.0f ppi", what, ppi,
                t.limitFor(ppi));
        var b = finding(ctx, pl, img, message).severity(sev).bbox(box);
        if (slices > 1) {
            b.detail("slice_count", slices)
                    .detail("merged_width_pt", box.width()).detail("merged_height_pt", box.height());
        }
        t.describe(b, ppi);
        b.report();
    }
}
