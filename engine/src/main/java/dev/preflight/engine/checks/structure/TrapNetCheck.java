package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** ANNOT_TRAPNET: the page carries TrapNet annotations. */
public final class TrapNetCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("ANNOT_TRAPNET", "Trap network annotations",
            "The page carries a TrapNet annotation (pre-computed traps). Traps are only valid for the output condition they were made for, and the printer must know not to trap again.",
            "structure", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            for (AnnotationFact a : p.annotations()) {
                if ("TrapNet".equals(a.subtype())) {
                    ctx.finding("TrapNet annotation on page " + p.pageNum())
                            .page(p.pageNum())
                            .bbox(a.rect())
                            .object(a.objectId(), null)
                            .detail("print_flag", a.printFlag())
                            .report();
                }
            }
        }
    }
}
