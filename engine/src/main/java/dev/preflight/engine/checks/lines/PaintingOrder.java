package dev.preflight.engine.checks.lines;

import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** The element painted just before another on its page, for one run of a check (indexed per page on first ask). */
final class PaintingOrder {

    private final Map<PageFacts, Map<PaintedElement, Integer>> pages = new IdentityHashMap<>();

    /** The element painted right before this one on its page, or null when it is the first. */
    PaintedElement before(PageElements.Placed pl) {
        List<PaintedElement> elements = pl.page().elements();
        Integer at = pages.computeIfAbsent(pl.page(), p -> index(elements)).get(pl.element());
        return at == null || at == 0 ? null : elements.get(at - 1);
    }

    private static Map<PaintedElement, Integer> index(List<PaintedElement> elements) {
        var m = new IdentityHashMap<PaintedElement, Integer>();
        for (int i = 0; i < elements.size(); i++) {
            m.put(elements.get(i), i);
        }
        return m;
    }
}
