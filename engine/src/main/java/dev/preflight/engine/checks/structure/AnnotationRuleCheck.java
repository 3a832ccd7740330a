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
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;

/**
 * Reports each annotation that breaks one rule, located at its page, rectangle and object; one instance per
 * inspection id.
 */
public final class AnnotationRuleCheck implements Check {

    /** Links and popups are not required to have an appearance (ISO 32000-1 12.5.5). */
    private static final Set<String> APPEARANCE_EXEMPT = Set.of("Link", "Popup");
    /** Printer's marks and trap networks are meant to print; widgets are covered by ANNOT_FORM_FIELD_PRINTS. */
    private static final Set<String> PRINT_EXEMPT = Set.of("Widget", "PrinterMark", "TrapNet", "Popup");

    private final CheckInfo info;
    private final BiPredicate<PageFacts, AnnotationFact> breaks;
    private final BiFunction<PageFacts, AnnotationFact, String> message;
    private final BiConsumer<AnnotationFact, CheckContext.Builder> details;

    private AnnotationRuleCheck(String id, String name, String description, Severity severity,
                                BiPredicate<PageFacts, AnnotationFact> breaks,
                                BiFunction<PageFacts, AnnotationFact, String> message,
                                BiConsumer<AnnotationFact, CheckContext.Builder> details) {
        this.info = new CheckInfo(id, name, description, "structure", severity, "document", List.of(), false);
        this.breaks = breaks;
        this.message = message;
        this.details = details;
    }

    /** Reports every annotation of one subtype with its print flag. */
    private static AnnotationRuleCheck subtype(String id, String name, String description, Severity severity,
                                               String subtype) {
        return new AnnotationRuleCheck(id, name, description, severity, (p, a) -> subtype.equals(a.subtype()),
                (p, a) -> subtype + " annotation on page " + p.pageNum(),
                (a, b) -> b.detail("print_flag", a.printFlag()));
    }

    /** ANNOT_PRINTER_MARK: the page carries PrinterMark annotations. */
    public static AnnotationRuleCheck printerMark() {
        return subtype("ANNOT_PRINTER_MARK", "Printer's mark annotations",
                "The page carries PrinterMark annotations (crop marks, colour bars). They are usually added at imposition; marks already in the file may duplicate or clash with the printer's own.",
                Severity.INFO, "PrinterMark");
    }

    /** ANNOT_TRAPNET: the page carries TrapNet annotations. */
    public static AnnotationRuleCheck trapNet() {
        return subtype("ANNOT_TRAPNET", "Trap network annotations",
                "The page carries a TrapNet annotation (pre-computed traps). Traps are only valid for the output condition they were made for, and the printer must know not to trap again.",
                Severity.WARNING, "TrapNet");
    }

    /** ANNOT_NO_APPEARANCE: a visible annotation has no appearance stream. */
    public static AnnotationRuleCheck noAppearance() {
        return new AnnotationRuleCheck("ANNOT_NO_APPEARANCE", "Annotation without appearance",
                "An annotation (other than a link or popup) that is not hidden has no normal appearance stream, so "
                        + "each viewer or RIP invents its own look for it, or drops it.",
                Severity.WARNING,
                (p, a) -> (a.subtype() == null || !APPEARANCE_EXEMPT.contains(a.subtype())) && !a.hidden()
                        && !a.hasAppearance(),
                (p, a) -> a.subtype() + " annotation on page " + p.pageNum() + " has no appearance",
                (a, b) -> b.detail("subtype", a.subtype()));
    }

    /** ANNOT_PRINTS: a non-widget annotation inside the printed area is set to print. */
    public static AnnotationRuleCheck prints() {
        return new AnnotationRuleCheck("ANNOT_PRINTS", "Annotation will print",
                "A comment, stamp, markup or other annotation (not a form field, printer's mark or trap network) lies "
                        + "inside the BleedBox (or the CropBox when there is no BleedBox) with its Print flag set, so it "
                        + "will appear on the printed sheet.",
                Severity.WARNING,
                (p, a) -> (a.subtype() == null || !PRINT_EXEMPT.contains(a.subtype())) && a.printFlag() && !a.hidden()
                        && printedArea(p).intersects(a.rect()),
                (p, a) -> a.subtype() + " annotation prints on page " + p.pageNum(),
                (a, b) -> b.detail("subtype", a.subtype()));
    }

    /** ANNOT_FORM_FIELD_PRINTS: a form field widget is set to print. */
    public static AnnotationRuleCheck formFieldPrints() {
        return new AnnotationRuleCheck("ANNOT_FORM_FIELD_PRINTS", "Form field set to print",
                "A form field widget has the Print flag and is not hidden, so its current value and look depend on the "
                        + "viewer or RIP that renders it. Flatten the form so the field becomes page content.",
                Severity.WARNING, (p, a) -> "Widget".equals(a.subtype()) && a.printFlag() && !a.hidden(),
                (p, a) -> "Form field '" + a.fieldName() + "' prints on page " + p.pageNum(),
                (a, b) -> b.detail("field", a.fieldName()));
    }

    /** The BleedBox (else CropBox) as readers clip it to the MediaBox: a declared box may reach beyond the sheet. */
    private static Box printedArea(PageFacts p) {
        Box area = p.geometry().bleedBox() != null ? p.geometry().bleedBox() : p.geometry().cropBox();
        Box clipped = area.intersection(p.geometry().mediaBox());
        return clipped == null ? p.geometry().cropBox() : clipped;
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            for (AnnotationFact a : p.annotations()) {
                if (breaks.test(p, a)) {
                    CheckContext.Builder b = ctx.finding(message.apply(p, a))
                            .page(p.pageNum())
                            .bbox(a.rect())
                            .object(a.objectId(), null);
                    details.accept(a, b);
                    b.report();
                }
            }
        }
    }
}
