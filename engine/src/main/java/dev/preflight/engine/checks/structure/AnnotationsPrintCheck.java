package dev.preflight.engine.checks.structure;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Set;

/** ANNOT_PRINTS: a non-widget annotation inside the printed area is set to print. */
public final class AnnotationsPrintCheck implements Check {

    /** Printer's marks and trap networks are meant to print; widgets are covered by ANNOT_FORM_FIELD_PRINTS. */
    private static final Set<String> EXEMPT = Set.of("Widget", "PrinterMark", "TrapNet", "Popup");

    private static final CheckInfo INFO = new CheckInfo("ANNOT_PRINTS", "Annotation will print",
            "A comment, stamp, markup or other annotation (not a form field, printer's mark or trap network) lies "
                    + "inside the BleedBox (or the CropBox when there is no BleedBox) with its Print flag set, so it "
                    + "will appear on the printed sheet.",
            "structure", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            Box area = p.geometry().bleedBox() != null ? p.geometry().bleedBox() : p.geometry().cropBox();
            for (AnnotationFact a : p.annotations()) {
                if ((a.subtype() == null || !EXEMPT.contains(a.subtype())) && a.printFlag() && !a.hidden() && area.intersects(a.rect())) {
                    ctx.finding(a.subtype() + " annotation prints on page " + p.pageNum())
                            .page(p.pageNum())
                            .bbox(a.rect())
                            .object(a.objectId(), null)
                            .detail("subtype", a.subtype())
                            .report();
                }
            }
        }
    }
}
