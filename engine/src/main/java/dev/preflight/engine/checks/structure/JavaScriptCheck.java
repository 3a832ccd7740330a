package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_JAVASCRIPT: the document contains JavaScript actions. */
public final class JavaScriptCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_JAVASCRIPT", "JavaScript present",
            "The document contains JavaScript (document open action, additional actions, the JavaScript name tree, pages, annotations or form fields). Scripts do not print, can change content on opening, and are forbidden by PDF/X.",
            "structure", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (ActionFact a : facts.actions()) {
            if ("JavaScript".equals(a.type())) {
                ctx.finding("JavaScript action (" + a.trigger() + ")")
                        .page(a.pageNum())
                        .object(a.objectId(), null)
                        .detail("action", a.type())
                        .detail("trigger", a.trigger())
                        .report();
            }
        }
    }
}
