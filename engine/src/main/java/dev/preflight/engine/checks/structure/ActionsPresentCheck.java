package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_ACTIONS: the document contains actions of types other than the allowed ones. */
public final class ActionsPresentCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_ACTIONS", "Actions present",
            "The document contains interactive actions (open actions, additional actions, link or widget actions) "
                    + "of a type not in the allowed list. Actions do not print and can alter the document on "
                    + "opening.",
            "structure", Severity.INFO, "document",
            List.of(ParamSpec.strings("allowed_types", List.of(),
                    "action types (/S values such as GoTo, URI) that are not reported")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<String> allowed = ctx.strings("allowed_types");
        for (ActionFact a : facts.actions()) {
            if ((a.type() == null || !allowed.contains(a.type()))) {
                ctx.finding(a.type() + " action (" + a.trigger() + ")")
                        .page(a.pageNum())
                        .object(a.objectId(), null)
                        .detail("action", a.type())
                        .detail("trigger", a.trigger())
                        .report();
            }
        }
    }
}
