package dev.preflight.engine.fixups;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * How fixups run.
 *
 * @param ghostscript        Ghostscript executable for the fixups that re-distil
 * @param timeout            time bound of one fixup's tool run
 * @param scratchDir         where intermediate files go
 * @param maxMainMemoryBytes PDFBox main-memory budget per document; beyond it, scratch files
 * @param conditions         the ICC catalogue: a condition by its id (e.g. fogra39), empty when unknown
 */
public record FixupSettings(String ghostscript, Duration timeout, Path scratchDir, long maxMainMemoryBytes,
                            Function<String, Optional<OutputCondition>> conditions) {

    /** Ghostscript from the PATH, five minutes, the system temporary directory, 256 MB, no catalogue. */
    public static FixupSettings defaults() {
        return new FixupSettings("gs", Duration.ofMinutes(5), Path.of(System.getProperty("java.io.tmpdir")),
                256L * 1024 * 1024, id -> Optional.empty());
    }
}
