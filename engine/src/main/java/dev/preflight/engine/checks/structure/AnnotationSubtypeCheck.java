package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** Reports every annotation of one subtype (PrinterMark, TrapNet); one instance per inspection id. */
public final class AnnotationSubtypeCheck implements Check {

    private final CheckInfo info;
    private final String subtype;

    private AnnotationSubtypeCheck(String id, String name, String description, Severity severity, String subtype) {
        this.info = new CheckInfo(id, name, description, "structure", severity, "document", List.of(), false);
        this.subtype = subtype;
    }

    /** ANNOT_PRINTER_MARK: the page carries PrinterMark annotations. */
    public static AnnotationSubtypeCheck printerMark() {
        return new AnnotationSubtypeCheck("ANNOT_PRINTER_MARK", "Printer's mark annotations",
                "The page carries PrinterMark annotations (crop marks, colour bars). They are usually added at imposition; marks already in the file may duplicate or clash with the printer's own.",
                Severity.INFO, "PrinterMark");
    }

    /** ANNOT_TRAPNET: the page carries TrapNet annotations. */
    public static AnnotationSubtypeCheck trapNet() {
        return new AnnotationSubtypeCheck("ANNOT_TRAPNET", "Trap network annotations",
                "The page carries a TrapNet annotation (pre-computed traps). Traps are only valid for the output condition they were made for, and the printer must know not to trap again.",
                Severity.WARNING, "TrapNet");
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            for (AnnotationFact a : p.annotations()) {
                if (subtype.equals(a.subtype())) {
                    ctx.finding(subtype + " annotation on page " + p.pageNum())
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
