package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** DOC_ACROFORM: the document has an interactive form. */
public final class AcroFormCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_ACROFORM", "Interactive form present",
            "The document has an interactive form (AcroForm). Field values may print differently from what the "
                    + "sender sees; flatten forms before sending to print.",
            "structure", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        if (facts.document().hasAcroForm()) {
            long widgets = facts.pages().stream().map(PageFacts::annotations).flatMap(List::stream)
                    .filter(a -> "Widget".equals(a.subtype())).map(AnnotationFact::objectId).count();
            ctx.finding("The document has an interactive form with " + widgets + " widget(s)")
                    .detail("widgets", widgets)
                    .report();
        }
    }
}
