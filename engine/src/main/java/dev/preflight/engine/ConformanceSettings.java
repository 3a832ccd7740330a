package dev.preflight.engine;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Bounds of a job's PDF/A and PDF/UA validation (veraPDF, in a child JVM).
 *
 * @param timeout      wall-clock time for the child JVM, all flavours of the job together
 * @param heapMb       the child JVM's maximum heap ({@code -Xmx}), in MiB
 * @param maxLocations locations kept per failed rule; all failures are still counted
 * @param scratchDir   where the child writes its result
 * @param idleChildren validator JVMs kept running between jobs (each holds up to {@code heapMb}); 0 starts one per job
 */
public record ConformanceSettings(Duration timeout, int heapMb, int maxLocations, Path scratchDir,
                                  int idleChildren) {

    public ConformanceSettings {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (heapMb < 32) {
            throw new IllegalArgumentException("heapMb must be at least 32");
        }
        if (idleChildren < 0) {
            throw new IllegalArgumentException("idleChildren must not be negative");
        }
        if (maxLocations < 1) {
            throw new IllegalArgumentException("maxLocations must be at least 1");
        }
    }

    /** Two minutes, 512 MiB, ten locations per rule, the system's temporary directory, one child kept. */
    public static ConformanceSettings defaults() {
        return new ConformanceSettings(Duration.ofMinutes(2), 512, 10,
                Path.of(System.getProperty("java.io.tmpdir")), 1);
    }

    /** The same with another time and heap bound. */
    public ConformanceSettings withBounds(Duration newTimeout, int newHeapMb) {
        return new ConformanceSettings(newTimeout, newHeapMb, maxLocations, scratchDir, idleChildren);
    }
}
