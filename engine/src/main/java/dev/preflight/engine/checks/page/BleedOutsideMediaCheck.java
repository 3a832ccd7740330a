package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_BLEED_OUTSIDE_MEDIA: the explicit BleedBox extends beyond the MediaBox. */
public final class BleedOutsideMediaCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_BLEED_OUTSIDE_MEDIA", "BleedBox outside MediaBox",
            "The BleedBox is not inside the MediaBox. Readers clip it to the MediaBox, so the real bleed is "
                    + "smaller than declared.",
            "page", Severity.WARNING, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            PageGeometry g = p.geometry();
            if (g.bleedBox() != null && !g.mediaBox().contains(g.bleedBox())) {
                ctx.finding("Page " + p.pageNum() + ": BleedBox extends beyond the MediaBox")
                        .page(p.pageNum())
                        .bbox(g.bleedBox())
                        .detail("bleed_box", g.bleedBox().toList())
                        .detail("media_box", g.mediaBox().toList())
                        .report();
            }
        }
    }
}
