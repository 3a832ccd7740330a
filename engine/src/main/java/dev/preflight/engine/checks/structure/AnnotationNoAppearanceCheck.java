package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Set;

/** ANNOT_NO_APPEARANCE: a visible annotation has no appearance stream. */
public final class AnnotationNoAppearanceCheck implements Check {

    /** Links and popups are not required to have an appearance (ISO 32000-1 12.5.5). */
    private static final Set<String> EXEMPT = Set.of("Link", "Popup");

    private static final CheckInfo INFO = new CheckInfo("ANNOT_NO_APPEARANCE", "Annotation without appearance",
            "An annotation (other than a link or popup) that is not hidden has no normal appearance stream, so "
                    + "each viewer or RIP invents its own look for it, or drops it.",
            "structure", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            for (AnnotationFact a : p.annotations()) {
                if ((a.subtype() == null || !EXEMPT.contains(a.subtype())) && !a.hidden() && !a.hasAppearance()) {
                    ctx.finding(a.subtype() + " annotation on page " + p.pageNum() + " has no appearance")
                            .page(p.pageNum())
                            .bbox(a.rect())
                            .object(a.objectId(), null)
                            .detail("subtype", a.subtype())
                            .report();
                }
            }
        }
    }
}
