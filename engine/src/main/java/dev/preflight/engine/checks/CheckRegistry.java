package dev.preflight.engine.checks;

import java.util.List;

/** The explicit list of every check the engine knows. Ids are stable; never renumber or reuse them. */
public final class CheckRegistry {

    private CheckRegistry() {
    }

    /** Every registered check, in catalogue order. */
    public static List<Check> all() {
        return List.of(
        );
    }
}
