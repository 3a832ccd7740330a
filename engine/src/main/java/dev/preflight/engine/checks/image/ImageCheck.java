package dev.preflight.engine.checks.image;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Shared walk of the visible image placements; a subclass decides which placements are findings. */
abstract class ImageCheck implements Check {

    private final CheckInfo info;

    ImageCheck(String id, String name, String description, Severity severity, List<ParamSpec> params) {
        this.info = new CheckInfo(id, name, description, "image", severity, "image", params, false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        walk(facts, ctx, (pl, img) -> inspect(pl, img, ctx));
    }

    /** Hands every visible image placement with a known image resource to {@code visit}. */
    static void walk(DocumentFacts facts, CheckContext ctx,
                     java.util.function.BiConsumer<PageElements.Placed, ImageFact> visit) {
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            PaintedElement e = pl.element();
            if (e.kind() != ElementKind.IMAGE && e.kind() != ElementKind.IMAGE_MASK) {
                continue;
            }
            ImageFact img = ctx.content(facts).image(e);
            if (img == null) {
                continue;
            }
            visit.accept(pl, img);
        }
    }

    /** Looks at one placement and reports it when it is a problem. */
    abstract void inspect(PageElements.Placed pl, ImageFact img, CheckContext ctx);

    /** A finding located on the placement, with the image's basic properties. */
    static CheckContext.Builder finding(CheckContext ctx, PageElements.Placed pl, ImageFact img, String message) {
        PaintedElement e = pl.element();
        var b = ctx.finding(message).page(pl.pageNum()).bbox(pl.box())
                .object(PageElements.ref(img.objectId()), "image")
                .detail("width_px", img.width()).detail("height_px", img.height())
                .detail("bits_per_component", img.bitsPerComponent())
                .detail("color_space", img.imageMask() ? "ImageMask" : Colorants.describeSpace(img.color()))
                .detail("filters", img.filters());
        if (e.image() != null) {
            b.detail("effective_ppi", e.image().effectivePpi()).detail("ppi_x", e.image().ppiX())
                    .detail("ppi_y", e.image().ppiY());
        }
        if (img.objectId().startsWith("inline:")) {
            b.detail("inline", true);
        }
        return b;
    }
}
