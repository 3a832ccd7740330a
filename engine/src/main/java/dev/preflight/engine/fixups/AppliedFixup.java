package dev.preflight.engine.fixups;

import java.util.List;
import java.util.Map;

/**
 * What one fixup did to the file.
 *
 * @param fixupId        the fixup's id
 * @param params         every parameter it ran with (defaults included)
 * @param pages          1-based numbers of the pages it changed (empty for document-level changes)
 * @param objectsChanged how many objects (boxes, graphics states, strokes, images, fonts, annotations...) it changed
 * @param notes          what a prepress operator should know: substitutions, what it left alone and why
 */
public record AppliedFixup(String fixupId, Map<String, Object> params, List<Integer> pages, int objectsChanged,
                           List<String> notes) {

    public AppliedFixup {
        params = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
        pages = List.copyOf(pages);
        notes = List.copyOf(notes);
    }
}
