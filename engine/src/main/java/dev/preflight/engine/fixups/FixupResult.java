package dev.preflight.engine.fixups;

import java.util.List;

/**
 * The outcome of a chain of fixups: the fixed file was written where the caller asked.
 *
 * @param applied one entry per fixup, in the order they ran
 */
public record FixupResult(List<AppliedFixup> applied) {

    public FixupResult {
        applied = List.copyOf(applied);
    }
}
