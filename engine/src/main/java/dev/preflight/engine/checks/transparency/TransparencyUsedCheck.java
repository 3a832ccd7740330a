package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** One finding per page that uses any transparency (PDF/X-1a and PDF/X-3 forbid it). */
public final class TransparencyUsedCheck implements Check {

    public static final String ID = "TRANSP_USED";

    private static final CheckInfo INFO = new CheckInfo(ID, "Transparency used",
            "The page uses transparency: soft masks, constant opacity below 100 %, blend modes other than Normal, "
                    + "images with soft masks or transparency groups. PDF/X-1a and PDF/X-3 forbid it; the finding "
                    + "covers the area of the transparent elements and counts each kind.",
            "transparency", Severity.INFO, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Map<PageFacts, List<PageElements.Placed>> visible = PageElements.byPage(ctx.content(facts).visible());
        for (PageFacts page : facts.pages()) {
            int softMasks = 0;
            int alpha = 0;
            int blends = 0;
            var modes = new TreeSet<String>();
            Box area = null;
            for (PageElements.Placed pl : visible.getOrDefault(page, List.of())) {
                PaintedElement e = pl.element();
                if (!Transparency.transparent(ctx.content(facts), e)) {
                    continue;
                }
                if (e.softMask() || Transparency.imageSoftMask(ctx.content(facts), e)) {
                    softMasks++;
                }
                if (Transparency.alpha(e) < 1.0) {
                    alpha++;
                }
                if (Transparency.blended(e)) {
                    blends++;
                    modes.add(e.blendMode());
                }
                area = area == null ? pl.box() : area.union(pl.box());
            }
            int groups = page.groups().size();
            if (softMasks + alpha + blends + groups == 0) {
                continue;
            }
            ctx.finding("Page " + page.pageNum() + " uses transparency").page(page.pageNum())
                    .bbox(area != null ? area : page.geometry().cropBox())
                    .detail("soft_masks", softMasks).detail("alpha", alpha).detail("blend_modes", List.copyOf(modes))
                    .detail("blended_elements", blends).detail("groups", groups)
                    .report();
        }
    }
}
