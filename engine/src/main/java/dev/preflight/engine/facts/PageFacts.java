package dev.preflight.engine.facts;

import dev.preflight.engine.PageGeometry;

import java.util.List;

/**
 * What one page contains.
 *
 * @param geometry          page boxes, rotation, UserUnit
 * @param elements          every painted element in painting order (pages, forms, patterns, annotation
 *                          appearances, Type 3 glyphs)
 * @param annotations       annotations and widgets on the page
 * @param groups            transparency groups used on the page
 * @param hasOutputIntent   the page dictionary has /OutputIntents (PDF 2.0)
 * @param contentProblems   problems met while parsing the page's content (bad operators, missing resources)
 * @param elementsTruncated true when the element list hit the per-page cap (the counts in the checks are then a
 *                          lower bound)
 */
public record PageFacts(PageGeometry geometry, List<PaintedElement> elements, List<AnnotationFact> annotations,
                        List<TransparencyGroupFact> groups, boolean hasOutputIntent, List<String> contentProblems,
                        boolean elementsTruncated) {

    public PageFacts {
        elements = elements == null ? List.of() : List.copyOf(elements);
        annotations = annotations == null ? List.of() : List.copyOf(annotations);
        groups = groups == null ? List.of() : List.copyOf(groups);
        contentProblems = contentProblems == null ? List.of() : List.copyOf(contentProblems);
    }

    public int pageNum() {
        return geometry.pageNum();
    }
}
