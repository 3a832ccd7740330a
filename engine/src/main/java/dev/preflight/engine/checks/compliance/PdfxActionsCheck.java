package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** PDFX_ACTIONS_FORBIDDEN: the PDF/X file contains JavaScript or actions that change or leave the document. */
public final class PdfxActionsCheck extends PdfxCheck {

    public PdfxActionsCheck() {
        super("PDFX_ACTIONS_FORBIDDEN", "Actions in a PDF/X file",
                "A PDF/X file must not contain JavaScript or actions that alter the document or reach outside it "
                        + "(Launch, SubmitForm, ResetForm, ImportData, media, 3D...). Navigation actions listed in "
                        + "allowed_types (by default GoTo, GoToR, URI, Named, Thread) are tolerated.",
                "document", "PDF/X-4",
                ParamSpec.strings("allowed_types",
                        List.of("GoTo", "GoToR", "URI", "Named", "Thread"), "action types that are tolerated"));
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        List<String> allowed = ctx.strings("allowed_types");
        for (ActionFact a : facts.actions()) {
            if ((a.type() == null || !allowed.contains(a.type()))) {
                ctx.finding(a.type() + " action (" + a.trigger() + ") in a " + edition.label + " file")
                        .page(a.pageNum())
                        .object(a.objectId(), null)
                        .detail("action", a.type())
                        .detail("trigger", a.trigger())
                        .detail("clause", edition.clause())
                        .report();
            }
        }
    }
}
