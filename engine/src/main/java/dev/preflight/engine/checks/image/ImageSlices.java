package dev.preflight.engine.checks.image;

import dev.preflight.engine.Box;
import dev.preflight.engine.checks.PageElements;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups image placements that are slices of one picture: on the same page, at the same effective resolution and
 * orientation (the same ppi on each axis), with boxes that touch or overlap. Printer drivers (Word/GDI and others)
 * split one bitmap into hundreds of 1-pixel-high runs, each too small to judge alone.
 */
final class ImageSlices {

    /** Slices of one page and resolution merged at most; beyond that the rest stays unmerged (bounded work). */
    private static final int MAX_PER_GROUP = 5_000;

    private ImageSlices() {
    }

    /** The groups of touching slices, each in painting order; a placement alone is a group of one. */
    static List<List<PageElements.Placed>> merge(List<PageElements.Placed> placements) {
        var byKey = new LinkedHashMap<String, List<PageElements.Placed>>();
        for (PageElements.Placed pl : placements) {
            var img = pl.element().image();
            String key = pl.pageNum() + "|" + Math.round(img.ppiX() * 2) + "|" + Math.round(img.ppiY() * 2);
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(pl);
        }
        var out = new ArrayList<List<PageElements.Placed>>();
        for (List<PageElements.Placed> same : byKey.values()) {
            if (same.size() == 1 || same.size() > MAX_PER_GROUP) {
                same.forEach(pl -> out.add(List.of(pl)));
                continue;
            }
            out.addAll(touching(same));
        }
        return out;
    }

    /** Union of the boxes of a group. */
    static Box box(List<PageElements.Placed> group) {
        Box b = group.getFirst().box();
        for (PageElements.Placed pl : group) {
            b = b.union(pl.box());
        }
        return b;
    }

    /** Connected groups of boxes that touch or overlap (a tolerance of one image pixel, at least 0.01 pt). */
    private static List<List<PageElements.Placed>> touching(List<PageElements.Placed> same) {
        int n = same.size();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        var img = same.getFirst().element().image();
        double tol = Math.max(0.01, 72.0 / Math.max(1.0, Math.max(img.ppiX(), img.ppiY())));
        // sweep along x: only boxes whose x ranges meet can touch
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, Comparator.comparingDouble(i -> same.get(i).box().x0()));
        for (int a = 0; a < n; a++) {
            Box ba = same.get(order[a]).box();
            for (int b = a + 1; b < n; b++) {
                Box bb = same.get(order[b]).box();
                if (bb.x0() > ba.x1() + tol) {
                    break;
                }
                if (bb.y0() <= ba.y1() + tol && ba.y0() <= bb.y1() + tol) {
                    union(parent, order[a], order[b]);
                }
            }
        }
        Map<Integer, List<PageElements.Placed>> groups = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            groups.computeIfAbsent(find(parent, i), k -> new ArrayList<>()).add(same.get(i));
        }
        return new ArrayList<>(groups.values());
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }
}
