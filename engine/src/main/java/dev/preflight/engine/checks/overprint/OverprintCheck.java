package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Backdrop;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.SkippedObjects;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Walks the visible page elements paint by paint (fill, stroke, image) together with the overprint flag that
 * governs that paint. Checks that only apply to overlapping elements (GWG D0031) count the ones they skip and say
 * so in their findings (I00006).
 */
abstract class OverprintCheck implements Check {

    private final CheckInfo info;

    OverprintCheck(String id, String name, String description, Severity severity, String objectType,
                   List<ParamSpec> params) {
        this.info = new CheckInfo(id, name, description, "overprint", severity, objectType, params, false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    /** A candidate paint: the element, its role, colour and the overprint flag for that role. */
    record Candidate(PageElements.Placed placed, String role, PaintColor color, boolean overprint) {
        PaintedElement element() {
            return placed.element();
        }
    }

    /** Whether the element kind is judged at all. */
    abstract boolean appliesTo(PaintedElement e);

    /** The message when the candidate is a problem, else null. */
    abstract String problem(Candidate c, CheckContext ctx);

    /** Only elements in front of another visible element (D0031) are judged. */
    boolean overlappingOnly(CheckContext ctx) {
        return false;
    }

    /** Only elements in front of ink other than black (not paper, white or black-only content) are judged. */
    boolean overColourOnly(CheckContext ctx) {
        return false;
    }

    /** Extra measured values for a finding. */
    void details(Candidate c, CheckContext ctx, CheckContext.Builder b) {
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var hits = new ArrayList<Map.Entry<Candidate, String>>();
        int skipped = 0;
        int notOverColour = 0;
        var skips = new SkippedObjects();
        Backdrop backdrop = new Backdrop(ctx.content(facts));
        for (PageElements.Placed pl : ctx.content(facts).all()) {
            PaintedElement e = pl.element();
            if (!appliesTo(e)) {
                continue;
            }
            for (PageElements.Paint p : ctx.content(facts).paints(e)) {
                boolean op = p.role().equals("stroke") ? e.overprintStroke() : e.overprintFill();
                var cand = new Candidate(pl, p.role(), p.color(), op);
                String why = problem(cand, ctx);
                if (why == null) {
                    continue;
                }
                if (!e.visible()) {
                    skips.count(pl.pageNum(), SkippedObjects.invisibleReason(e));
                    break;
                }
                if (overlappingOnly(ctx) && !e.overlapping()) {
                    skipped++;
                    skips.count(pl.pageNum(), SkippedObjects.NOT_OVERLAPPING);
                    break;
                }
                if (overColourOnly(ctx) && !backdrop.colouredBelow(pl)) {
                    notOverColour++;
                    skips.count(pl.pageNum(), SkippedObjects.NOT_OVER_COLOUR);
                    break;
                }
                hits.add(Map.entry(cand, why));
                break;
            }
        }
        for (var h : hits) {
            Candidate c = h.getKey();
            PaintedElement e = c.element();
            var b = ctx.finding(h.getValue()).page(c.placed().pageNum()).bbox(c.placed().box())
                    .object(PageElements.objectId(e), e.kind().objectType())
                    .detail("color", Colorants.describe(c.color()))
                    .detail("role", c.role())
                    .detail("overprint", c.overprint())
                    .detail("overprint_mode", e.overprintMode())
                    .detail("element", e.kind().name().toLowerCase(Locale.ROOT));
            details(c, ctx, b);
            if (skipped > 0) {
                b.detail("skipped_not_overlapping", skipped);
            }
            if (notOverColour > 0) {
                b.detail("skipped_not_over_colour", notOverColour);
            }
            b.report();
        }
        skips.report(ctx);
    }
}
