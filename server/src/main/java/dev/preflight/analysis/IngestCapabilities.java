package dev.preflight.analysis;

import java.util.List;
import java.util.Map;

/**
 * What the ingest of a job produced for the viewer (spec: Viewer config, capabilities): findings, separations and
 * TAC from the ink pass, font and image facts, layers. An external report declares its own (spec: native import
 * document); a minimal job has none of the analysed ones. Beside the flags it carries the two small things the
 * viewer serves straight from the ingest, read while the document was open anyway: the separation names the ink
 * pass saw and the layers.
 *
 * @param separationNames       inks the engine's ink pass rendered (process first, then spots by name); empty when
 *                              no ink was rendered
 * @param optionalContentGroups the document's layers in /OCGs order (empty when it has none)
 */
public record IngestCapabilities(boolean findings, boolean separations, boolean tac, boolean fonts, boolean images,
                                 boolean layers, List<String> separationNames,
                                 List<OptionalContentGroup> optionalContentGroups) {

    public IngestCapabilities {
        // rows stored before these two lists existed read them as null
        separationNames = separationNames == null ? List.of() : List.copyOf(separationNames);
        optionalContentGroups = optionalContentGroups == null ? List.of() : List.copyOf(optionalContentGroups);
    }

    /** A minimal job: no analysis ran; layers are still extracted from the PDF at ingest. */
    public static IngestCapabilities minimal(List<OptionalContentGroup> layers) {
        return new IngestCapabilities(false, false, false, false, false, true, List.of(), layers);
    }

    static IngestCapabilities engine(boolean inkRendered, List<String> separationNames,
                                     List<OptionalContentGroup> layers) {
        return new IngestCapabilities(true, inkRendered, inkRendered, true, true, true,
                inkRendered ? separationNames : List.of(), layers);
    }

    /** An imported report: what it declares (unknown keys ignored); findings are always present. */
    static IngestCapabilities declared(Map<String, Boolean> caps, List<OptionalContentGroup> layers) {
        return new IngestCapabilities(true, is(caps, "separations"), is(caps, "tac"), is(caps, "fonts"),
                is(caps, "images"), true, List.of(), layers);
    }

    private static boolean is(Map<String, Boolean> caps, String key) {
        return Boolean.TRUE.equals(caps.get(key));
    }
}
