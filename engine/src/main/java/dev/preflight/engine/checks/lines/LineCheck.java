package dev.preflight.engine.checks.lines;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.checks.SkippedObjects;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Walks the visible lines (strokes and thin filled shapes, GWG D0017/I00004) and reports those a subclass judges
 * too thin. Checks limited to overlapping lines (D0031) count the ones they skip (I00006).
 */
abstract class LineCheck implements Check {

    private final CheckInfo info;

    LineCheck(String id, String name, String description, Severity severity, List<ParamSpec> params) {
        this.info = new CheckInfo(id, name, description, "line", severity, "path", params, false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    /** Only lines in front of another visible element are judged. */
    boolean overlappingOnly() {
        return false;
    }

    /** The message when the line is a problem, else null; width and limit are already scaled. */
    abstract String judge(PaintedElement e, PaintColor color, double width, PageElements.Placed pl,
                          CheckContext ctx);

    /**
     * Why a line this check would report is no line to judge after all (counted as skipped, GWG I00006), or null.
     * Asked only of lines {@link #judge} reports.
     */
    String skipReason(PageElements.Placed pl, PaintingOrder order, CheckContext ctx) {
        return null;
    }

    /** The width limit of this line's page after large-format scaling (GWG R0037). */
    static double limit(CheckContext ctx, PageElements.Placed pl, String param) {
        return Scale.of(ctx, pl.page().geometry()).size(ctx.number(param));
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var hits = new ArrayList<Map.Entry<PageElements.Placed, String>>();
        int skipped = 0;
        var skips = new SkippedObjects();
        var order = new PaintingOrder();
        for (PageElements.Placed pl : ctx.content(facts).all()) {
            PaintedElement e = pl.element();
            if (!PageElements.isLine(e)) {
                continue;
            }
            PaintColor c = PageElements.lineColor(e);
            if (c == null) {
                continue;
            }
            String why = judge(e, c, e.lineWidth(), pl, ctx);
            if (why == null) {
                continue;
            }
            if (!e.visible()) {
                skips.count(pl.pageNum(), SkippedObjects.invisibleReason(e));
                continue;
            }
            if (overlappingOnly() && !e.overlapping()) {
                skipped++;
                skips.count(pl.pageNum(), SkippedObjects.NOT_OVERLAPPING);
                continue;
            }
            String skip = skipReason(pl, order, ctx);
            if (skip != null) {
                skips.count(pl.pageNum(), skip);
                continue;
            }
            hits.add(Map.entry(pl, why));
        }
        for (var h : hits) {
            PaintedElement e = h.getKey().element();
            var b = ctx.finding(h.getValue()).page(h.getKey().pageNum()).bbox(h.getKey().box())
                    .object(PageElements.objectId(e), "path")
                    .detail("line_width", e.lineWidth())
                    .detail("hairline", e.kind().strokes() && e.lineWidth() == 0)
                    .detail("shape", e.kind().strokes() ? "stroke" : "thin_fill")
                    .detail("color", Colorants.describe(PageElements.lineColor(e)));
            for (ParamSpec p : info.parameters()) {
                if (p.name().endsWith("_width_pt")) {
                    b.detail(p.name(), limit(ctx, h.getKey(), p.name()));
                }
            }
            if (skipped > 0) {
                b.detail("skipped_not_overlapping", skipped);
            }
            b.report();
        }
        skips.report(ctx);
    }

    static String describe(String what, double width, double limit, String relation) {
        if (width == 0) {
            return what + " is a hairline (width 0, one device pixel)";
        }
        return String.format(Locale.ROOT, "%s of %.3f pt is %s %.3f pt", what, width, relation, limit);
    }
}
