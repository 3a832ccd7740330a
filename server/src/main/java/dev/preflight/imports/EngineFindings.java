package dev.preflight.imports;

import dev.preflight.findings.Finding;

import java.util.List;

/** Turns the engine's findings (checks and importers alike) into the API's finding record. */
public final class EngineFindings {

    private EngineFindings() {
    }

    /** The wire finding, not yet stored (no id, no review data). */
    public static Finding toWire(dev.preflight.engine.Finding f) {
        return new Finding(null, f.inspectionId(), f.severity().wire(), f.message(), f.pageNum(), f.bbox(),
                f.objectId(), f.objectType(), f.category(), f.isoClause(), f.details(), f.source(), null, null, null);
    }

    public static List<Finding> toWire(List<dev.preflight.engine.Finding> findings) {
        return findings.stream().map(EngineFindings::toWire).toList();
    }
}
