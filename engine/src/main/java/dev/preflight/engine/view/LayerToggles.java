package dev.preflight.engine.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Layers forced on or off for one render, by {@link Layer#ocgIndex()}; every other layer keeps its default state.
 *
 * @param on  indices forced on ({@code ocg_on})
 * @param off indices forced off ({@code ocg_off})
 */
public record LayerToggles(SortedSet<Integer> on, SortedSet<Integer> off) {

    /** No layer forced: the document's default configuration. */
    public static final LayerToggles NONE = new LayerToggles(new TreeSet<>(), new TreeSet<>());

    public LayerToggles {
        on = on == null ? new TreeSet<>() : new TreeSet<>(on);
        off = off == null ? new TreeSet<>() : new TreeSet<>(off);
        on = java.util.Collections.unmodifiableSortedSet(on);
        off = java.util.Collections.unmodifiableSortedSet(off);
    }

    /** Toggles from two sets of indices (either may be null or empty). */
    public static LayerToggles of(Set<Integer> on, Set<Integer> off) {
        return new LayerToggles(on == null ? null : new TreeSet<>(on), off == null ? null : new TreeSet<>(off));
    }

    public boolean isEmpty() {
        return on.isEmpty() && off.isEmpty();
    }

    /**
     * What is wrong with these toggles for a document with {@code layerCount} layers: toggles on a document
     * without layers, indices out of range, an index both on and off. Empty when they can be applied.
     */
    public List<LayerToggleProblem> problems(int layerCount) {
        var out = new ArrayList<LayerToggleProblem>();
        if (isEmpty()) {
            return out;
        }
        if (layerCount == 0) {
            if (!on.isEmpty()) {
                out.add(new LayerToggleProblem("ocg_on", null,
                        "The PDF has no layers, so ocg_on cannot be used."));
            }
            if (!off.isEmpty()) {
                out.add(new LayerToggleProblem("ocg_off", null,
                        "The PDF has no layers, so ocg_off cannot be used."));
            }
            return out;
        }
        range("ocg_on", on, layerCount, out);
        range("ocg_off", off, layerCount, out);
        for (int i : on) {
            if (off.contains(i)) {
                out.add(new LayerToggleProblem("ocg_off", i,
                        "Layer " + i + " is in both ocg_on and ocg_off; a layer can only be forced one way."));
            }
        }
        return out;
    }

    private static void range(String parameter, Set<Integer> indices, int count, List<LayerToggleProblem> out) {
        for (int i : indices) {
            if (i < 0 || i >= count) {
                out.add(new LayerToggleProblem(parameter, i, "Layer index " + i + " in " + parameter
                        + " is out of range: the PDF has " + count + (count == 1 ? " layer (index 0)."
                        : " layers (indices 0 to " + (count - 1) + ").")));
            }
        }
    }

    /** The state of a layer under these toggles. */
    public boolean isOn(Layer layer) {
        if (off.contains(layer.ocgIndex())) {
            return false;
        }
        return on.contains(layer.ocgIndex()) || layer.defaultOn();
    }
}
