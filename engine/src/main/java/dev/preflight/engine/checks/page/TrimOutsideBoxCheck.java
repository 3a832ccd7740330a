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
import java.util.function.Function;

/** Reports pages whose TrimBox (or ArtBox) is not inside an enclosing box; one instance per enclosing box. */
public final class TrimOutsideBoxCheck implements Check {

    private final CheckInfo info;
    private final String boxName;
    private final String detailKey;
    private final Function<PageGeometry, Box> enclosing;

    private TrimOutsideBoxCheck(String id, String name, String description, String boxName, String detailKey,
                                Function<PageGeometry, Box> enclosing) {
        this.info = new CheckInfo(id, name, description, "page", Severity.ERROR, "page", List.of(), false);
        this.boxName = boxName;
        this.detailKey = detailKey;
        this.enclosing = enclosing;
    }

    /** PAGE_TRIM_OUTSIDE_BLEED: the TrimBox (or ArtBox) extends beyond the explicit BleedBox. */
    public static TrimOutsideBoxCheck bleed() {
        return new TrimOutsideBoxCheck("PAGE_TRIM_OUTSIDE_BLEED", "TrimBox outside BleedBox",
                "The TrimBox (or ArtBox) is not inside the BleedBox: the finished page would be cut outside the area "
                        + "the designer prepared, leaving missing content at the edge.",
                "BleedBox", "bleed_box", PageGeometry::bleedBox);
    }

    /** PAGE_TRIM_OUTSIDE_MEDIA: the TrimBox (or ArtBox) extends beyond the MediaBox. */
    public static TrimOutsideBoxCheck media() {
        return new TrimOutsideBoxCheck("PAGE_TRIM_OUTSIDE_MEDIA", "TrimBox outside MediaBox",
                "The TrimBox (or ArtBox) is not inside the MediaBox: part of the finished page has no content at all.",
                "MediaBox", "media_box", PageGeometry::mediaBox);
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            PageGeometry g = p.geometry();
            Box trim = g.trimBox() != null ? g.trimBox() : g.artBox();
            // Only the BleedBox is optional; the MediaBox is always there.
            Box outer = enclosing.apply(g);
            if (trim != null && outer != null && !outer.contains(trim)) {
                ctx.finding("Page " + p.pageNum() + ": TrimBox extends beyond the " + boxName)
                        .page(p.pageNum())
                        .bbox(trim)
                        .detail("trim_box", trim.toList())
                        .detail(detailKey, outer.toList())
                        .report();
            }
        }
    }
}
