package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PDFX_ANNOT_FORBIDDEN_TYPE: the PDF/X file contains multimedia annotations. */
public final class PdfxAnnotationTypeCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_ANNOT_FORBIDDEN_TYPE",
            "Forbidden annotation type (PDF/X)",
            "The PDF/X file contains annotations of a type that has no printable meaning (multimedia, 3D, sound "
                    + "and movie by default).",
            "compliance", Severity.ERROR, "document",
            List.of(PdfxEdition.param("PDF/X-4"), ParamSpec.strings("forbidden_types",
                    List.of("Movie", "Sound", "Screen", "3D", "RichMedia"), "annotation subtypes not allowed")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
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
