package dev.preflight.engine.checks;

import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One analysis's view of the page content, built once and shared by every content check of that analysis through
 * its {@link CheckContext}: the GWG D0003 page elements, the visible ones (D0030), the visible ones by kind, and the
 * images by object id. Immutable once built, so concurrent analyses never share or rebuild each other's view.
 */
public final class ContentView {

    private final DocumentFacts facts;
    private final List<PageElements.Placed> all;
    private final List<PageElements.Placed> visible;
    private final Map<ElementKind, List<PageElements.Placed>> visibleByKind;
    private final Map<String, ImageFact> images;

    private ContentView(DocumentFacts facts) {
        this.facts = facts;
        this.all = List.copyOf(PageElements.collect(facts));
        this.visible = all.stream().filter(pl -> pl.element().visible()).toList();
        var byKind = new EnumMap<ElementKind, List<PageElements.Placed>>(ElementKind.class);
        for (PageElements.Placed pl : visible) {
            byKind.computeIfAbsent(pl.element().kind(), k -> new ArrayList<>()).add(pl);
        }
        byKind.replaceAll((k, v) -> List.copyOf(v));
        this.visibleByKind = byKind;
        // DocumentFacts#image scans the list; documents with thousands of inline images need a map
        var byId = new HashMap<String, ImageFact>();
        for (ImageFact i : facts.images()) {
            byId.putIfAbsent(i.objectId(), i);
        }
        this.images = Map.copyOf(byId);
    }

    /** Builds the view of one document's facts. */
    public static ContentView of(DocumentFacts facts) {
        return new ContentView(facts);
    }

    public DocumentFacts facts() {
        return facts;
    }

    /** Every D0003 page element, in page and painting order (visible or not). */
    public List<PageElements.Placed> all() {
        return all;
    }

    /** The visible page elements (GWG D0030); I00006 allows skipping the others. */
    public List<PageElements.Placed> visible() {
        return visible;
    }

    /** The visible page elements of one kind. */
    public List<PageElements.Placed> visible(ElementKind kind) {
        return visibleByKind.getOrDefault(kind, List.of());
    }

    /** The image resource of an image element, or null. */
    public ImageFact image(PaintedElement e) {
        return e.image() == null ? null : images.get(e.image().imageObjectId());
    }

    /** The colours an element paints with: fill, stroke, and for images the colour space of the samples. */
    public List<PageElements.Paint> paints(PaintedElement e) {
        return PageElements.paints(image(e), e);
    }
}
