package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** ANNOT_FORM_FIELD_PRINTS: a form field widget is set to print. */
public final class FormFieldsPrintCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("ANNOT_FORM_FIELD_PRINTS", "Form field set to print",
            "A form field widget has the Print flag and is not hidden, so its current value and look depend on the "
                    + "viewer or RIP that renders it. Flatten the form so the field becomes page content.",
            "structure", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            for (AnnotationFact a : p.annotations()) {
                if ("Widget".equals(a.subtype()) && a.printFlag() && !a.hidden()) {
                    ctx.finding("Form field '" + a.fieldName() + "' prints on page " + p.pageNum())
                            .page(p.pageNum())
                            .bbox(a.rect())
                            .object(a.objectId(), null)
                            .detail("field", a.fieldName())
                            .report();
                }
            }
        }
    }
}
