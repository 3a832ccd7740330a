package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_IMPORTDATA_ACTION: the document contains ImportData actions. */
public final class ImportDataActionCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_IMPORTDATA_ACTION", "ImportData action present",
            "An ImportData action loads form data from an external file, so the printed content could change after approval.",
            "structure", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (ActionFact a : facts.actions()) {
            if ("ImportData".equals(a.type())) {
                ctx.finding("ImportData action (" + a.trigger() + ")")
                        .page(a.pageNum())
                        .object(a.objectId(), null)
                        .detail("action", a.type())
                        .detail("trigger", a.trigger())
                        .report();
            }
        }
    }
}
