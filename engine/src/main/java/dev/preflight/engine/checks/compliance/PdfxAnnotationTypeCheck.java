package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PDFX_ANNOT_FORBIDDEN_TYPE: the PDF/X file contains multimedia annotations. */
public final class PdfxAnnotationTypeCheck extends PdfxCheck {

    public PdfxAnnotationTypeCheck() {
        super("PDFX_ANNOT_FORBIDDEN_TYPE", "Forbidden annotation type (PDF/X)",
                "The PDF/X file contains annotations of a type that has no printable meaning (multimedia, 3D, sound "
                        + "and movie by default).",
                "document", "PDF/X-4",
                ParamSpec.strings("forbidden_types",
                        List.of("Movie", "Sound", "Screen", "3D", "RichMedia"), "annotation subtypes not allowed"));
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        List<String> forbidden = ctx.strings("forbidden_types");
        for (PageFacts p : facts.pages()) {
            for (AnnotationFact a : p.annotations()) {
                if (a.subtype() != null && forbidden.contains(a.subtype())) {
                    ctx.finding(a.subtype() + " annotation on page " + p.pageNum() + " (" + edition.label + ")")
                            .page(p.pageNum())
                            .bbox(a.rect())
                            .object(a.objectId(), null)
                            .detail("subtype", a.subtype())
                            .detail("clause", edition.clause())
                            .report();
                }
            }
        }
    }
}
