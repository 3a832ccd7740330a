package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_CROP_NOT_MEDIA: the visible area (CropBox) differs from the MediaBox (GWG R0003). */
public final class CropNotMediaCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_CROP_NOT_MEDIA", "CropBox differs from MediaBox",
            "The CropBox (clipped to the MediaBox) does not coincide with the MediaBox (GWG R0003): part of the "
                    + "page is hidden in viewers but may still be processed or imposed.",
            "page", Severity.ERROR, "page",
            List.of(ParamSpec.number("tolerance_pt", 0.0, 0, 72, "allowed difference of each edge, points")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double tol = ctx.number("tolerance_pt");
        for (PageFacts p : facts.pages()) {
            PageGeometry g = p.geometry();
            if (!g.cropBox().sameAs(g.mediaBox(), tol + 1e-3)) {
                ctx.finding("Page " + p.pageNum() + ": CropBox differs from MediaBox")
                        .page(p.pageNum())
                        .bbox(g.cropBox())
                        .detail("crop_box", g.cropBox().toList())
                        .detail("media_box", g.mediaBox().toList())
                        .report();
            }
        }
    }
}
