package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/** EPM checks judging visible page elements one by one. */
abstract class EpmElementCheck extends EpmCheck {

    EpmElementCheck(String name, String title, String description, String tier, String legacyCode,
                    List<ParamSpec> params) {
        super(name, title, description, tier, legacyCode, false, params);
    }

    /** Why the element is a problem, or null. */
    abstract String problem(DocumentFacts facts, PageElements.Placed pl, CheckContext ctx);

    /** A further test built once per run (checks are shared between analyses, so no state lives in fields). */
    Predicate<PageElements.Placed> filter(ContentView facts) {
        return pl -> true;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Predicate<PageElements.Placed> keep = filter(ctx.content(facts));
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            String why = problem(facts, pl, ctx);
            if (why == null || !keep.test(pl)) {
                continue;
            }
            PaintedElement e = pl.element();
            finding(ctx, why, pl.pageNum(), pl.box())
                    .object(PageElements.objectId(e), e.kind().objectType())
                    .detail("element", e.kind().name().toLowerCase(Locale.ROOT))
                    .detail("fill", Colorants.describe(e.fill()))
                    .detail("stroke", Colorants.describe(e.stroke()))
                    .report();
        }
    }
}
