package dev.preflight.engine;

import java.util.List;
import java.util.Map;

/**
 * What a check is: its stable id and metadata, independent of any profile.
 *
 * @param id              stable upper-case inspection id (never renumbered), e.g. IMG_RES_LOW
 * @param name            short title
 * @param description     what it looks for and why it matters on press
 * @param category        image, color, font, structure, metadata, compliance, output_intent, page, ink, ...
 * @param defaultSeverity severity when a profile does not override it
 * @param objectType      finding object_type it reports (image, text, path, font, page, document)
 * @param parameters      typed parameters that profiles may set
 * @param needsInk        the check reads rendered ink (Ghostscript separations)
 * @param metadata        further facts about the check by name (a conformance rule's {@code specification},
 *                        {@code clause}, {@code test} and {@code profiles}); empty for most checks
 */
public record CheckInfo(String id, String name, String description, String category, Severity defaultSeverity,
                        String objectType, List<ParamSpec> parameters, boolean needsInk, Map<String, String> metadata) {

    public CheckInfo {
        parameters = parameters == null ? List.of() : List.copyOf(parameters);
        metadata = metadata == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
    }

    /** A check with no further metadata. */
    public CheckInfo(String id, String name, String description, String category, Severity defaultSeverity,
                     String objectType, List<ParamSpec> parameters, boolean needsInk) {
        this(id, name, description, category, defaultSeverity, objectType, parameters, needsInk, Map.of());
    }

    public ParamSpec parameter(String name) {
        return parameters.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }
}
