package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_LAUNCH_ACTION: the document contains Launch actions. */
public final class LaunchActionCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_LAUNCH_ACTION", "Launch action present",
            "A Launch action starts an external application or opens a file; it has no place in a print file and is a security risk.",
            "structure", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (ActionFact a : facts.actions()) {
            if ("Launch".equals(a.type())) {
                ctx.finding("Launch action (" + a.trigger() + ")")
                        .page(a.pageNum())
                        .object(a.objectId(), null)
                        .detail("action", a.type())
                        .detail("trigger", a.trigger())
                        .report();
            }
        }
    }
}
