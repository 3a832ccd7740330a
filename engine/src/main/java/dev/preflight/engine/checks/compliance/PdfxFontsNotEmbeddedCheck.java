package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

/** PDFX_FONTS_NOT_EMBEDDED: PDF/X font not embedded. */
public final class PdfxFontsNotEmbeddedCheck extends PdfxCheck {

    public PdfxFontsNotEmbeddedCheck() {
        super("PDFX_FONTS_NOT_EMBEDDED", "PDF/X font not embedded",
                "Every font used in a PDF/X file must be embedded, including fonts used only for invisible text.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
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
