package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;
import dev.preflight.engine.facts.FontFact;

import java.util.List;

/** PDFX_FONTS_NOT_EMBEDDED: PDF/X font not embedded. */
public final class PdfxFontsNotEmbeddedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_FONTS_NOT_EMBEDDED", "PDF/X font not embedded",
            "Every font used in a PDF/X file must be embedded, including fonts used only for invisible text.",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
        DocumentInfoFact d = facts.document();
        for (FontFact f : facts.fonts()) {
            if (!f.embedded() && (f.glyphsUsed() > 0 || !f.pages().isEmpty())) {
                ctx.finding("Font " + f.name() + " is not embedded (" + edition.label + ")")
                        .page(f.pages().isEmpty() ? 0 : f.pages().getFirst())
                        .object(f.objectId(), "font")
                        .detail("font", f.name())
                        .detail("clause", edition.clause())
                        .report();
            }
        }
    }
}
