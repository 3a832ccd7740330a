package dev.preflight.engine;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How the engine runs.
 *
 * @param maxLocationsPerCheck findings kept per check; the rest are only counted
 * @param maxMainMemoryBytes   PDFBox main-memory budget per document; beyond it, scratch files
 * @param maxElementsPerPage   painted elements recorded per page before the list is truncated
 * @param inkDpi               render resolution for ink coverage and TAC
 * @param ghostscript          Ghostscript executable
 * @param renderTimeout        time bound of one Ghostscript run
 * @param scratchDir           where renders and temporary files go
 */
public record EngineSettings(int maxLocationsPerCheck, long maxMainMemoryBytes, int maxElementsPerPage, int inkDpi,
                             String ghostscript, Duration renderTimeout, Path scratchDir) {

    public static EngineSettings defaults() {
        return new EngineSettings(100, 256L * 1024 * 1024, 200_000, 72, "gs", Duration.ofMinutes(5),
                Path.of(System.getProperty("java.io.tmpdir")));
    }
}
