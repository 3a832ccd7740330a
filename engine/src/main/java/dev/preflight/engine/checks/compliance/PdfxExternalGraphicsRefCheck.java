package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ReferenceXObjectFact;

/** PDFX_EXTERNAL_GRAPHICS_REF: a reference XObject an edition does not allow, or one that cannot find its target. */
public final class PdfxExternalGraphicsRefCheck extends PdfxCheck {

    public PdfxExternalGraphicsRefCheck() {
        super("PDFX_EXTERNAL_GRAPHICS_REF", "External graphics reference not allowed or incomplete",
                "A reference XObject (a form with /Ref, ISO 32000 8.10.4) draws a page of another PDF. Only "
                        + "PDF/X-5g and -5pg (ISO 15930-8) exchange graphics this way; in every other edition it is "
                        + "reported. In PDF/X-5g and -5pg the /Ref must be a dictionary naming the target file (/F), "
                        + "its page (/Page, an index or a label) and, with require_id, the target's file identifier "
                        + "(/ID, two non-empty byte strings) so the receiver can tell that the file found is the one "
                        + "meant. One finding per problem and placement.",
                "document", "PDF/X-5g",
                ParamSpec.bool("require_id", true, "the /Ref must identify its target by its /ID"));
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        boolean requireId = ctx.bool("require_id");
        for (ReferenceXObjectFact r : facts.referenceXObjects()) {
            if (!edition.externalGraphics()) {
                report(ctx, r, edition, "not_allowed", "draws graphics from another file"
                        + (r.file() == null ? "" : " (" + r.file() + ")") + ", which only PDF/X-5g and -5pg allow");
                continue;
            }
            if (r.refProblem() != null) {
                report(ctx, r, edition, "ref_not_dictionary", "cannot be followed: " + r.refProblem());
                continue;
            }
            if (r.file() == null || r.file().isBlank()) {
                report(ctx, r, edition, "file_missing", "names no target file (/F)");
            }
            if (r.targetPage() == null) {
                report(ctx, r, edition, "page_missing", "names no target page (/Page)");
            }
            if (requireId && (r.ids().size() != 2 || r.ids().stream().anyMatch(String::isEmpty))) {
                report(ctx, r, edition, r.ids().isEmpty() ? "id_missing" : "id_invalid", r.ids().isEmpty()
                        ? "does not identify its target by /ID"
                        : "has an /ID that is not two non-empty byte strings");
            }
        }
    }

    private static void report(CheckContext ctx, ReferenceXObjectFact r, PdfxEdition edition, String problem,
                               String what) {
        ctx.finding("Reference XObject on page " + r.pageNum() + " " + what + " (" + edition.label + ")")
                .page(r.pageNum())
                .bbox(r.bbox())
                .object(r.objectId(), null)
                .detail("problem", problem)
                .detail("file", r.file())
                .detail("file_system", r.fileSystem())
                .detail("target_page", r.targetPage())
                .detail("clause", edition.clause())
                .report();
    }
}
