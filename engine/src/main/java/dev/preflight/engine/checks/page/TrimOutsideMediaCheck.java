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

/** PAGE_TRIM_OUTSIDE_MEDIA: the TrimBox (or ArtBox) extends beyond the MediaBox. */
public final class TrimOutsideMediaCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_TRIM_OUTSIDE_MEDIA", "TrimBox outside MediaBox",
            "The TrimBox (or ArtBox) is not inside the MediaBox: part of the finished page has no content at all.",
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
            if (trim != null && !g.mediaBox().contains(trim)) {
                ctx.finding("Page " + p.pageNum() + ": TrimBox extends beyond the MediaBox")
                        .page(p.pageNum())
                        .bbox(trim)
                        .detail("trim_box", trim.toList())
                        .detail("media_box", g.mediaBox().toList())
                        .report();
            }
        }
    }
}
