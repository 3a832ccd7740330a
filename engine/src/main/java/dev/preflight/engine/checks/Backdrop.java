package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What lies below an element: whether a visible element painted earlier intersects it and puts ink on a separation
 * other than black. A black knockout over paper, white fills or black-only content (text, greys) shows no halo when
 * the plates misregister, because no other plate is cut away; so the overprint requirements for black (GWG
 * R0009/R0010) only matter over coloured ink (I00006). Elements are bucketed in a grid per page so that a page with
 * many elements is not compared pair by pair.
 */
public final class Backdrop {

    private static final int GRID = 32;

    private final ContentView facts;
    private final Map<PageFacts, PageGrid> pages = new IdentityHashMap<>();

    public Backdrop(ContentView facts) {
        this.facts = facts;
    }

    /** True when a visible element painted before this one intersects it and inks a plate other than black. */
    public boolean colouredBelow(PageElements.Placed pl) {
        return pages.computeIfAbsent(pl.page(), this::grid).below(pl.element(), pl.box());
    }

    private PageGrid grid(PageFacts page) {
        return new PageGrid(facts, page);
    }

    /** Puts ink on some separation other than black (unknown colour spaces count as coloured). */
    private static boolean coloured(ContentView facts, PaintedElement e) {
        if (!e.visible() || !PageElements.paintsText(e)) {
            return false;
        }
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

    private static final class PageGrid {
        private final Box area;
        private final Map<PaintedElement, Integer> order = new IdentityHashMap<>();
        private final List<List<Integer>> cells = new ArrayList<>();
        private final List<Box> boxes = new ArrayList<>();

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
                boxes.add(b);
                if (b == null || !coloured(facts, e)) {
                    continue;
                }
                forCells(b, c -> cells.get(c).add(order.get(e)));
            }
        }

        boolean below(PaintedElement e, Box box) {
            Integer me = order.get(e);
            if (me == null || box == null) {
                return false;
            }
            boolean[] found = {false};
            forCells(box, c -> {
                if (found[0]) {
                    return;
                }
                for (int i : cells.get(c)) {
                    if (i < me && boxes.get(i).intersects(box)) {
                        found[0] = true;
                        return;
                    }
                }
            });
            return found[0];
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
