package dev.preflight.engine.checks.image;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * GWG R0033: a page that is one raster image covering the whole TrimBox (a scanned or flattened page) must exceed
 * the resolution limit. Invisible text (OCR layers) and marks wholly outside the trim do not make a page vector.
 */
public final class RasterizedPageCheck implements Check {

    public static final String ID = "PAGE_RASTERIZED_LOW_RES";

    private static final CheckInfo INFO;

    static {
        var p = new ArrayList<>(ResolutionThresholds.params(149.0, 449.0));
        p.add(ParamSpec.number("tolerance_pt", 1.0, 0, 72, "how far the image may fall short of the trim (pt)"));
        INFO = new CheckInfo(ID, "Rasterized page with low resolution",
                "The page's only visible content inside the trim is a single image covering the whole TrimBox, and "
                        + "its effective resolution is at or below the limit.",
                "image", Severity.ERROR, "page", p, false);
    }

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Map<PageFacts, List<PageElements.Placed>> visible = PageElements.byPage(ctx.content(facts).visible());
        for (PageFacts page : facts.pages()) {
            Box trim = page.geometry().effectiveTrim();
            PageElements.Placed raster = null;
            int others = 0;
            for (PageElements.Placed pl : visible.getOrDefault(page, List.of())) {
                PaintedElement e = pl.element();
                if (!PageElements.paintsText(e) || !pl.box().intersects(trim)) {
                    continue;
                }
                if ((e.kind() == ElementKind.IMAGE || e.kind() == ElementKind.IMAGE_MASK) && e.image() != null) {
                    if (raster == null) {
                        raster = pl;
                        continue;
                    }
                }
                others++;
            }
            if (raster == null || others > 0) {
                continue;
            }
            double tol = ctx.number("tolerance_pt");
            Box shrunk = new Box(trim.x0() + tol, trim.y0() + tol, trim.x1() - tol, trim.y1() - tol);
            if (!raster.box().contains(shrunk)) {
                continue;
            }
            var t = ResolutionThresholds.of(ctx, Scale.of(ctx, page.geometry()));
            double ppi = raster.element().image().effectivePpi();
            Severity sev = t.judge(ppi, ctx.severity());
            if (sev == null) {
                continue;
            }
            ImageFact img = ctx.content(facts).image(raster.element());
            var b = ctx.finding(String.format(Locale.ROOT,
                            "Page is a single raster image of %.0f ppi, not above %.0f ppi", ppi, t.limitFor(ppi)))
                    .severity(sev).page(page.pageNum()).bbox(raster.box())
                    .object(PageElements.objectId(raster.element()), "page")
                    .detail("effective_ppi", ppi);
            if (img != null) {
                b.detail("width_px", img.width()).detail("height_px", img.height());
            }
            t.describe(b, ppi);
            b.report();
        }
    }
}
