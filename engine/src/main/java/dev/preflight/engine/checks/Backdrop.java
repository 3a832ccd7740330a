package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What lies below an element: whether ink other than black shows under it. A black knockout over paper, white
 * fills or black-only content (text, greys) shows no halo when the plates misregister, because no other plate is
 * cut away; so the overprint requirements for black (GWG R0009/R0010) only matter over coloured ink (I00006).
 *
 * <p>The elements painted before are looked at nearest first, each where it puts ink (the parts of a path whose
 * marks lie far apart, else its visible box): the first coloured one that meets the element answers yes, and an
 * opaque knockout that covers the element whole (an exact cover, such as a white box behind a logo) hides all that
 * lies below it and answers no. Elements are bucketed in a grid per page so that a page with many elements is not
 * compared pair by pair.
 */
public final class Backdrop {

    private static final int GRID = 32;

    private final ContentView facts;
    private final Map<PageFacts, PageGrid> pages = new IdentityHashMap<>();

    public Backdrop(ContentView facts) {
        this.facts = facts;
    }

    /**
     * True when coloured ink painted before this element shows under it: a visible element painted earlier meets it
     * and inks a plate other than black, with no opaque knockout covering the element painted in between.
     */
    public boolean colouredBelow(PageElements.Placed pl) {
        return pages.computeIfAbsent(pl.page(), this::grid).below(pl.element(), pl.box());
    }

    private PageGrid grid(PageFacts page) {
        return new PageGrid(facts, page);
    }

    /** Puts ink on some separation other than black (unknown colour spaces count as coloured). */
    private static boolean coloured(ContentView facts, PaintedElement e) {
        for (PageElements.Paint p : facts.paints(e)) {
            if (p.role().equals("image")) {
                if (p.color().isGray()) {
                    continue;
                }
                return true;
            }
            if (Colorants.channels(p.color()) != 0 && !Colorants.isBlackOnly(p.color())) {
                return true;
            }
        }
        return false;
    }

    /** Where an element puts ink: its parts when its marks lie far apart, else its visible box (or box). */
    private static List<Box> ink(PaintedElement e, Box box) {
        if (!e.parts().isEmpty()) {
            return e.parts();
        }
        return box == null ? List.of() : List.of(box);
    }

    private static boolean meet(List<Box> a, List<Box> b) {
        for (Box x : a) {
            for (Box y : b) {
                if (x.intersects(y)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final class PageGrid {
        private final Box area;
        private final Map<PaintedElement, Integer> order = new IdentityHashMap<>();
        private final List<List<Integer>> cells = new ArrayList<>();
        /** Per element in painting order: where it inks, whether coloured, and its box when it covers exactly. */
        private final List<List<Box>> inks = new ArrayList<>();
        private final List<Boolean> colouredInk = new ArrayList<>();
        private final List<Box> covers = new ArrayList<>();

        PageGrid(ContentView facts, PageFacts page) {
            this.area = page.geometry().mediaBox();
            for (int i = 0; i < GRID * GRID; i++) {
                cells.add(new ArrayList<>());
            }
            List<PaintedElement> elements = page.elements();
            for (int i = 0; i < elements.size(); i++) {
                PaintedElement e = elements.get(i);
                order.put(e, i);
                Box b = e.visibleBox() != null ? e.visibleBox() : e.bbox();
                boolean shows = b != null && e.visible() && PageElements.paintsText(e);
                boolean coloured = shows && coloured(facts, e);
                Box cover = shows && e.exactCover() && e.visibleBox() != null ? e.visibleBox() : null;
                inks.add(shows ? ink(e, b) : List.of());
                colouredInk.add(coloured);
                covers.add(cover);
                if (coloured || cover != null) {
                    int index = i;
                    forCells(b, c -> cells.get(c).add(index));
                }
            }
        }

        boolean below(PaintedElement e, Box box) {
            Integer me = order.get(e);
            if (me == null || box == null) {
                return false;
            }
            var earlier = new java.util.TreeSet<Integer>(java.util.Comparator.reverseOrder());
            forCells(box, c -> {
                for (int i : cells.get(c)) {
                    if (i < me) {
                        earlier.add(i);
                    }
                }
            });
            List<Box> mine = ink(e, box);
            for (int i : earlier) {
                if (!meet(inks.get(i), mine)) {
                    continue;
                }
                if (colouredInk.get(i)) {
                    return true;
                }
                if (covers.get(i) != null && covers.get(i).contains(box)) {
                    return false;
                }
            }
            return false;
        }

        private void forCells(Box b, java.util.function.IntConsumer action) {
            double w = Math.max(area.width(), 1) / GRID;
            double h = Math.max(area.height(), 1) / GRID;
            int x0 = clamp((int) Math.floor((b.x0() - area.x0()) / w));
            int x1 = clamp((int) Math.floor((b.x1() - area.x0()) / w));
            int y0 = clamp((int) Math.floor((b.y0() - area.y0()) / h));
            int y1 = clamp((int) Math.floor((b.y1() - area.y0()) / h));
            for (int x = x0; x <= x1; x++) {
                for (int y = y0; y <= y1; y++) {
                    action.accept(y * GRID + x);
                }
            }
        }

        private static int clamp(int v) {
            return Math.max(0, Math.min(GRID - 1, v));
        }
    }
}
