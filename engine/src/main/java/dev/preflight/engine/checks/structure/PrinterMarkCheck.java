package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** ANNOT_PRINTER_MARK: the page carries PrinterMark annotations. */
public final class PrinterMarkCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("ANNOT_PRINTER_MARK", "Printer's mark annotations",
            "The page carries PrinterMark annotations (crop marks, colour bars). They are usually added at imposition; marks already in the file may duplicate or clash with the printer's own.",
            "structure", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            for (AnnotationFact a : p.annotations()) {
                if ("PrinterMark".equals(a.subtype())) {
                    ctx.finding("PrinterMark annotation on page " + p.pageNum())
                            .page(p.pageNum())
                            .bbox(a.rect())
                            .object(a.objectId(), null)
                            .detail("print_flag", a.printFlag())
                            .report();
                }
            }
        }
    }
}
