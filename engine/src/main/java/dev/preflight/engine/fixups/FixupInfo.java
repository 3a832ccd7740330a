package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;

import java.util.List;

/**
 * What a fixup is, independent of any job.
 *
 * @param id          stable upper-case fixup id, e.g. SET_PAGE_BOXES
 * @param name        short title
 * @param description what it changes, how, and what it cannot do
 * @param category    the kind of change: color, page, font, transparency, overprint, lines, images, structure
 * @param parameters  typed parameters (same shape as a check's)
 * @param resolves    the check ids whose findings it is meant to make go away
 * @param tool        what does the work: {@code pdfbox} (object edits that leave the rest of the file as it was)
 *                    or {@code ghostscript} (a re-distillation through pdfwrite)
 */
public record FixupInfo(String id, String name, String description, String category, List<ParamSpec> parameters,
                        List<String> resolves, String tool) {

    public FixupInfo {
        parameters = List.copyOf(parameters);
        resolves = List.copyOf(resolves);
    }

    public ParamSpec parameter(String name) {
        return parameters.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }
}
