package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.Box;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.Set;

/** PDFX_ANNOT_NOT_PRINTING: an annotation inside the BleedBox is not set to print. */
public final class PdfxAnnotationNotPrintingCheck extends PdfxCheck {

    /** Links and popups have no printable appearance; PrinterMark and TrapNet are judged by their own rules. */
    private static final Set<String> EXEMPT = Set.of("Link", "Popup", "PrinterMark", "TrapNet");

    public PdfxAnnotationNotPrintingCheck() {
        super("PDFX_ANNOT_NOT_PRINTING", "Non-printing annotation inside the bleed (PDF/X)",
                "In a PDF/X file, an annotation or form field that lies inside the BleedBox (or the TrimBox/CropBox "
                        + "when there is no BleedBox) must be set to print and not be hidden, so the approved screen "
                        + "view and the print agree. Links and popups are exempt.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            var g = p.geometry();
            Box declared = g.bleedBox() != null ? g.bleedBox() : g.effectiveTrim();
            // a declared box may reach beyond the sheet; nothing outside the MediaBox is printed
            Box area = declared.intersection(g.mediaBox());
            if (area == null) {
                continue;
            }
            for (AnnotationFact a : p.annotations()) {
                if ((a.subtype() == null || !EXEMPT.contains(a.subtype())) && area.intersects(a.rect()) && (!a.printFlag() || a.hidden())) {
                    ctx.finding(a.subtype() + " annotation inside the bleed area does not print (" + edition.label
                                    + ")")
                            .page(p.pageNum())
                            .bbox(a.rect())
                            .object(a.objectId(), null)
                            .detail("subtype", a.subtype())
                            .detail("print_flag", a.printFlag())
                            .detail("hidden", a.hidden())
                            .detail("clause", edition.clause())
                            .report();
                }
            }
        }
    }
}
