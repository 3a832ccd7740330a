package dev.preflight.engine.checks.text;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;
import dev.preflight.engine.checks.SkippedObjects;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Walks text elements (by default the visible ones that put ink on the page, i.e. render modes other than 3 and 7)
 * and reports those a subclass judges to be a problem. Checks limited to overlapping text (GWG D0031) count the
 * text they skip and say so in their findings (I00006).
 */
abstract class TextCheck implements Check {

    private final CheckInfo info;

    TextCheck(String id, String name, String description, Severity severity, List<ParamSpec> params) {
        this.info = new CheckInfo(id, name, description, "text", severity, "text", params, false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    /** A problem found on one text element. */
    record Hit(String message, Map<String, Object> details) {
        Hit(String message) {
            this(message, new LinkedHashMap<>());
        }

        Hit with(String key, Object value) {
            details.put(key, value);
            return this;
        }
    }

    /** The elements to look at: visible inked text unless a check needs other text. */
    List<PageElements.Placed> candidates(ContentView facts) {
        return facts.visible().stream()
                .filter(pl -> pl.element().kind() == ElementKind.TEXT && pl.element().text() != null
                        && PageElements.paintsText(pl.element()))
                .toList();
    }

    /** Only text in front of another visible element is judged. */
    boolean overlappingOnly() {
        return false;
    }

    /** The problem with this text, or null. */
    abstract Hit judge(PageElements.Placed pl, CheckContext ctx);

    /**
     * The elements the default {@link #candidates} leaves out as not visible (GWG D0030), judged only to count
     * what was skipped; checks that choose their own candidates skip nothing.
     */
    List<PageElements.Placed> invisibleCandidates(ContentView facts) {
        return facts.all().stream()
                .filter(pl -> !pl.element().visible() && pl.element().kind() == ElementKind.TEXT
                        && pl.element().text() != null && PageElements.paintsText(pl.element()))
                .toList();
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var hits = new ArrayList<Map.Entry<PageElements.Placed, Hit>>();
        int skipped = 0;
        var skips = new SkippedObjects();
        for (PageElements.Placed pl : candidates(ctx.content(facts))) {
            Hit h = judge(pl, ctx);
            if (h == null) {
                continue;
            }
            if (overlappingOnly() && !pl.element().overlapping()) {
                skipped++;
                skips.count(pl.pageNum(), SkippedObjects.NOT_OVERLAPPING);
                continue;
            }
            hits.add(Map.entry(pl, h));
        }
        for (PageElements.Placed pl : invisibleCandidates(ctx.content(facts))) {
            if (judge(pl, ctx) != null) {
                skips.count(pl.pageNum(), SkippedObjects.invisibleReason(pl.element()));
            }
        }
        for (var entry : hits) {
            var b = finding(ctx, entry.getKey(), entry.getValue().message());
            entry.getValue().details().forEach(b::detail);
            if (skipped > 0) {
                b.detail("skipped_not_overlapping", skipped);
            }
            b.report();
        }
        skips.report(ctx);
    }

    /** A finding on a text element with its font, size and (start of) text. */
    static CheckContext.Builder finding(CheckContext ctx, PageElements.Placed pl, String message) {
        PaintedElement e = pl.element();
        String text = e.text().text();
        if (text != null && text.length() > 80) {
            text = text.substring(0, 80) + "...";
        }
        String font = e.text().fontObjectId();
        return ctx.finding(message).page(pl.pageNum()).bbox(pl.box())
                .object(PageElements.ref(font), "text")
                .detail("font", e.text().fontName())
                .detail("font_size", e.text().fontSize())
                .detail("render_mode", e.text().renderMode())
                .detail("text", text == null || text.isEmpty() ? null : text)
                .detail("fill", Colorants.describe(e.fill()))
                .detail("stroke", Colorants.describe(e.stroke()));
    }

    /** A size limit on this page after large-format scaling (GWG R0037). */
    static double scaled(CheckContext ctx, PageElements.Placed pl, String param) {
        return Scale.of(ctx, pl.page().geometry()).size(ctx.number(param));
    }

    /** True when the fill or the stroke of the text satisfies the test. */
    static boolean anyPaint(PaintedElement e, Predicate<PaintColor> t) {
        return (e.fill() != null && t.test(e.fill())) || (e.stroke() != null && t.test(e.stroke()));
    }
}
