package dev.preflight.engine.checks.page;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_TRIM_OUTSIDE_BLEED: the TrimBox (or ArtBox) extends beyond the explicit BleedBox. */
public final class TrimOutsideBleedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_TRIM_OUTSIDE_BLEED", "TrimBox outside BleedBox",
            "The TrimBox (or ArtBox) is not inside the BleedBox: the finished page would be cut outside the area "
                    + "the designer prepared, leaving missing content at the edge.",
            "page", Severity.ERROR, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            PageGeometry g = p.geometry();
            Box trim = g.trimBox() != null ? g.trimBox() : g.artBox();
            if (trim != null && g.bleedBox() != null && !g.bleedBox().contains(trim)) {
                ctx.finding("Page " + p.pageNum() + ": TrimBox extends beyond the BleedBox")
                        .page(p.pageNum())
                        .bbox(trim)
                        .detail("trim_box", trim.toList())
                        .detail("bleed_box", g.bleedBox().toList())
                        .report();
            }
        }
    }
}
