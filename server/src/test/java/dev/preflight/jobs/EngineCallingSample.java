package dev.preflight.jobs;

import dev.preflight.engine.CheckCatalog;

/** Test input of ModuleStructureTests: what a jobs class must never do (call the engine itself). */
public final class EngineCallingSample {

    private EngineCallingSample() {
    }

    static int checks() {
        return CheckCatalog.builtin().infos().size();
    }
}
