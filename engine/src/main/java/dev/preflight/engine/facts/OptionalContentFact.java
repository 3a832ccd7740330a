package dev.preflight.engine.facts;

import java.util.List;

/**
 * The document's optional content (layers).
 *
 * @param present    the catalog has /OCProperties
 * @param hasConfigs /OCProperties has a /Configs key (GWG R0034)
 * @param groups     every OCG in /OCProperties /OCGs order
 */
public record OptionalContentFact(boolean present, boolean hasConfigs, List<Group> groups) {

    public OptionalContentFact {
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    public static OptionalContentFact none() {
        return new OptionalContentFact(false, false, List.of());
    }

    /**
     * One optional-content group.
     *
     * @param index             position in /OCGs (0-based)
     * @param defaultOn         ON in the default configuration /D
     * @param printState        /Usage /Print /PrintState (ON/OFF), or null
     * @param processingStep    carries ISO 19593-1 /GTS_Metadata (a processing-step layer)
     * @param procStepGroup     /GTS_ProcStepsGroup (Structural, Positions, ...), else null
     * @param procStepType      /GTS_ProcStepsType (Cutting, Creasing, ReverseCreasing, Folding, ...), else null
     */
    public record Group(int index, String name, String objectId, boolean defaultOn, String printState,
                        boolean processingStep, String procStepGroup, String procStepType) {
    }
}
