package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** Reports every action of one type (JavaScript, Launch, ...); one instance per inspection id. */
public final class ActionTypeCheck implements Check {

    private final CheckInfo info;
    private final String actionType;

    private ActionTypeCheck(String id, String name, String description, Severity severity, String actionType) {
        this.info = new CheckInfo(id, name, description, "structure", severity, "document", List.of(), false);
        this.actionType = actionType;
    }

    /** DOC_IMPORTDATA_ACTION: the document contains ImportData actions. */
    public static ActionTypeCheck importData() {
        return new ActionTypeCheck("DOC_IMPORTDATA_ACTION", "ImportData action present",
                "An ImportData action loads form data from an external file, so the printed content could change after approval.",
                Severity.WARNING, "ImportData");
    }

    /** DOC_JAVASCRIPT: the document contains JavaScript actions. */
    public static ActionTypeCheck javaScript() {
        return new ActionTypeCheck("DOC_JAVASCRIPT", "JavaScript present",
                "The document contains JavaScript (document open action, additional actions, the JavaScript name tree, pages, annotations or form fields). Scripts do not print, can change content on opening, and are forbidden by PDF/X.",
                Severity.ERROR, "JavaScript");
    }

    /** DOC_LAUNCH_ACTION: the document contains Launch actions. */
    public static ActionTypeCheck launch() {
        return new ActionTypeCheck("DOC_LAUNCH_ACTION", "Launch action present",
                "A Launch action starts an external application or opens a file; it has no place in a print file and is a security risk.",
                Severity.ERROR, "Launch");
    }

    /** DOC_SUBMITFORM_ACTION: the document contains SubmitForm actions. */
    public static ActionTypeCheck submitForm() {
        return new ActionTypeCheck("DOC_SUBMITFORM_ACTION", "SubmitForm action present",
                "A SubmitForm action sends form data to a URL; print files should not contain interactive form logic.",
                Severity.WARNING, "SubmitForm");
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (ActionFact a : facts.actions()) {
            if (actionType.equals(a.type())) {
                ctx.finding(actionType + " action (" + a.trigger() + ")")
                        .page(a.pageNum())
                        .object(a.objectId(), null)
                        .detail("action", a.type())
                        .detail("trigger", a.trigger())
                        .report();
            }
        }
    }
}
