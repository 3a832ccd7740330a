package dev.preflight.engine.bench;

import dev.preflight.engine.fixups.FixupRequest;
import dev.preflight.engine.fixups.FixupSettings;
import dev.preflight.engine.fixups.Fixups;
import dev.preflight.engine.fixups.OutputCondition;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One fixup on one file, as the service runs it, for {@code bench/fixups-bench.sh}: prints the milliseconds
 * {@link Fixups#apply} took (the JVM's start excluded) and the output size.
 * Usage: FixupBench FIXUP_ID in.pdf out.pdf cmyk.icc
 */
public final class FixupBench {

    private FixupBench() {
    }

    public static void main(String[] args) throws Exception {
        Path icc = Path.of(args[3]);
        OutputCondition bench = new OutputCondition("bench", "BENCH", "benchmark condition", "http://www.color.org",
                "CMYK", icc);
        Path scratch = Files.createTempDirectory("fixup-bench");
        Fixups fixups = new Fixups(new FixupSettings("gs", Duration.ofMinutes(10), scratch, 256L << 20,
                id -> Optional.ofNullable(Map.of("bench", bench).get(id))));
        Map<String, Object> params = args[0].equals("CONVERT_TO_OUTPUT_INTENT") ? Map.of("condition", "bench")
                : Map.of();
        long t0 = System.nanoTime();
        fixups.apply(Path.of(args[1]), Path.of(args[2]), List.of(new FixupRequest(args[0], params)));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("apply_ms=" + ms + " out_bytes=" + Files.size(Path.of(args[2])));
        Files.deleteIfExists(scratch);
    }
}
