package dev.preflight.engine.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * CPU time, for benchmarks on a shared machine where wall time depends on the neighbours: a command-line tool's user
 * plus system time, and what this JVM's JIT compiler threads have used. Linux only (it reads /proc); elsewhere the
 * readings are -1.
 */
final class Cpu {

    /** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
    private static final double MS_PER_TICK = 10;

    private Cpu() {
    }

    /**
     * Runs a command and returns {@code {wall ms, CPU ms}}: the CPU is the user + system time of the command and its
     * children, as the kernel adds it to this process's waited-for children; -1 for both when the command fails.
     */
    static double[] tool(List<String> command, Duration timeout) throws IOException, InterruptedException {
        var pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        long before = childrenTicks();
        long t0 = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor();
            return new double[] {-1, -1};
        }
        double wall = (System.nanoTime() - t0) / 1e6;
        long after = childrenTicks();
        if (p.exitValue() != 0) {
            return new double[] {-1, -1};
        }
        return new double[] {wall, before < 0 || after < 0 ? -1 : (after - before) * MS_PER_TICK};
    }

    /** CPU used so far by this JVM's JIT compiler threads, in ms; -1 when it cannot be read. */
    static long compilerMillis() {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            long ticks = 0;
            for (Path task : tasks.toList()) {
                String comm;
                String stat;
                try {
                    comm = Files.readString(task.resolve("comm")).trim();
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException gone) {
                    continue;
                }
                if (comm.startsWith("C1 Compiler") || comm.startsWith("C2 Compiler")) {
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                }
            }
            return Math.round(ticks * MS_PER_TICK);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** cutime + cstime of this process: the CPU of its children that have been waited for. */
    private static long childrenTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[13]) + Long.parseLong(f[14]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
