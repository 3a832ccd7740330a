package dev.preflight.jobs;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one fixup did to a job's file, as the job's body and the {@code job.fixed} event show it.
 *
 * @param pages          1-based numbers of the pages it changed; empty for document-level changes
 * @param objectsChanged how many objects (boxes, graphics states, strokes, images, fonts...) it changed
 * @param notes          what a prepress operator should know: substitutions, what it left alone and why
 */
@Schema(name = "AppliedFixup")
public record FixupApplied(String fixupId,
                           @Schema(description = "every parameter the fixup ran with, defaults included")
                           Map<String, Object> params,
                           List<Integer> pages,
                           @Schema(minimum = "0") int objectsChanged,
                           List<String> notes) {

    public FixupApplied {
        params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
        pages = List.copyOf(pages);
        notes = List.copyOf(notes);
    }
}
