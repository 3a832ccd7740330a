package dev.preflight.engine.checks;

import java.util.ArrayList;
import java.util.List;

/** The explicit list of every check the engine knows. Ids are stable; never renumber or reuse them. */
public final class CheckRegistry {

    private CheckRegistry() {
    }

    /** Every registered check, in catalogue order: document-level checks, then content checks. */
    public static List<Check> all() {
        var all = new ArrayList<Check>(DocumentChecks.all());
        all.addAll(ContentChecks.all());
        return List.copyOf(all);
    }
}
