package dev.preflight.engine.checks.processing;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The ISO 19593-1 processing-step layers of a document, and the objects painted in them. */
final class ProcessingSteps {

    private ProcessingSteps() {
    }

    /** One object painted in a processing-step layer, with the page it is on and its layer. */
    record StepObject(PageFacts page, PaintedElement element, OptionalContentFact.Group layer) {

        int pageNum() {
            return page.pageNum();
        }

        /** Where to point: the visible part when known, else the whole mark. */
        Box box() {
            return element.visibleBox() != null ? element.visibleBox() : element.bbox();
        }

        /** "Structural/Cutting in layer "Die"", for messages. */
        String describe() {
            return label(layer) + " in layer \"" + layer.name() + "\"";
        }
    }

    static List<OptionalContentFact.Group> of(DocumentFacts facts) {
        return facts.optionalContent().groups().stream().filter(OptionalContentFact.Group::processingStep).toList();
    }

    static boolean hasType(List<OptionalContentFact.Group> steps, String type) {
        return steps.stream().anyMatch(g -> type.equalsIgnoreCase(g.procStepType()));
    }

    /** "Group/Type", or the group alone when it has no type. */
    static String label(OptionalContentFact.Group g) {
        return g.procStepType() == null ? String.valueOf(g.procStepGroup())
                : g.procStepGroup() + "/" + g.procStepType();
    }

    /** The processing-step layers by name (an element names the innermost layer it is painted in). */
    static Map<String, OptionalContentFact.Group> byName(DocumentFacts facts) {
        var out = new LinkedHashMap<String, OptionalContentFact.Group>();
        for (OptionalContentFact.Group g : of(facts)) {
            if (g.name() != null) {
                out.putIfAbsent(g.name(), g);
            }
        }
        return out;
    }

    /**
     * Every object painted in a processing-step layer, whether or not the layer is shown by default (finishing
     * reads the layer either way), in page and painting order; fills that enclose no area are left out.
     */
    static List<StepObject> objects(DocumentFacts facts) {
        Map<String, OptionalContentFact.Group> layers = byName(facts);
        var out = new ArrayList<StepObject>();
        if (layers.isEmpty()) {
            return out;
        }
        for (PageFacts p : facts.pages()) {
            for (PaintedElement e : p.elements()) {
                OptionalContentFact.Group g = e.ocgName() == null ? null : layers.get(e.ocgName());
                if (g != null && !PageElements.paintsNothing(e) && PageElements.paintsText(e)) {
                    out.add(new StepObject(p, e, g));
                }
            }
        }
        return out;
    }

    /**
     * ISO 19593-1 6.3: processing-step objects that can meet the print content (inside the BleedBox, else the
     * CropBox) must be spot colours set to overprint; objects wholly outside it, in the slug, are free.
     */
    static boolean onPrintedSurface(StepObject o) {
        PageGeometry g = o.page().geometry();
        Box surface = g.bleedBox() != null ? g.bleedBox() : g.cropBox();
        Box b = o.element().bbox();
        return b != null && b.x0() < surface.x1() && surface.x0() < b.x1() && b.y0() < surface.y1()
                && surface.y0() < b.y1();
    }
}
