package dev.preflight.viewer;

import dev.preflight.engine.facts.PageFacts;

/** Test input of ModuleStructureTests: what even an engine user must never do (reach past the engine's API). */
public final class EngineInternalsSample {

    private EngineInternalsSample() {
    }

    static int elements(PageFacts page) {
        return page.elements().size();
    }
}
