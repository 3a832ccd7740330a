package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_SUBMITFORM_ACTION: the document contains SubmitForm actions. */
public final class SubmitFormActionCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_SUBMITFORM_ACTION", "SubmitForm action present",
            "A SubmitForm action sends form data to a URL; print files should not contain interactive form logic.",
            "structure", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (ActionFact a : facts.actions()) {
            if ("SubmitForm".equals(a.type())) {
                ctx.finding("SubmitForm action (" + a.trigger() + ")")
                        .page(a.pageNum())
                        .object(a.objectId(), null)
                        .detail("action", a.type())
                        .detail("trigger", a.trigger())
                        .report();
            }
        }
    }
}
