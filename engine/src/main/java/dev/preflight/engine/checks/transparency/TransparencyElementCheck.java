package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/** Reports each visible element that uses one kind of transparency. */
abstract class TransparencyElementCheck implements Check {

    private final CheckInfo info;

    TransparencyElementCheck(String id, String name, String description, Severity severity) {
        this.info = new CheckInfo(id, name, description, "transparency", severity, "path", List.of(), false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    /** Why the element is reported, or null. */
    abstract String problem(ContentView facts, PaintedElement e);

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            PaintedElement e = pl.element();
            String why = problem(ctx.content(facts), e);
            if (why == null) {
                continue;
            }
            ctx.finding(why).page(pl.pageNum()).bbox(pl.box())
                    .object(PageElements.objectId(e), e.kind().objectType())
                    .detail("element", e.kind().name().toLowerCase(Locale.ROOT))
                    .detail("blend_mode", e.blendMode())
                    .detail("fill_alpha", e.fillAlpha()).detail("stroke_alpha", e.strokeAlpha())
                    .detail("soft_mask", e.softMask())
                    .detail("context", e.context())
                    .report();
        }
    }
}
