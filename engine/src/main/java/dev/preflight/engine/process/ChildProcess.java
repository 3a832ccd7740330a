package dev.preflight.engine.process;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A program run as a bounded child process: nothing on its standard input, standard output and error drained on
 * daemon threads and kept within bounds, and the whole process tree killed and reaped when it runs out of time or
 * the waiting thread is interrupted. {@link #run} waits for the end; {@link #start} leaves standard output to the
 * caller (a render streamed into the JVM).
 *
 * @param name        the program's short name, for thread names and messages (e.g. {@code gs})
 * @param command     the executable and its arguments
 * @param directory   working directory, or null for the current one
 * @param environment variables set on top of the inherited environment
 * @param stdout      how much of standard output {@link #run} keeps
 * @param stderr      how much of standard error is kept
 */
public record ChildProcess(String name, List<String> command, Path directory, Map<String, String> environment,
                           Keep stdout, Keep stderr) {

    /** Kept of each output unless said otherwise: a hostile input may make a program print forever. */
    public static final int DEFAULT_TAIL_BYTES = 16 * 1024;
    /** How long a killed process, or a drained stream after the end, is waited for. */
    private static final long REAP_SECONDS = 10;
    private static final long DRAIN_JOIN_MILLIS = 5_000;
    private static final File NO_INPUT = new File("/dev/null");

    public ChildProcess {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
    }

    /**
     * How much of an output stream to keep.
     *
     * @param bytes the most bytes kept
     * @param head  keep the first bytes (and note that more came), else the last ones
     */
    public record Keep(int bytes, boolean head) {

        /** The first {@code bytes}; more output marks the result as truncated. */
        public static Keep head(int bytes) {
            return new Keep(bytes, true);
        }

        /** The last {@code bytes}. */
        public static Keep tail(int bytes) {
            return new Keep(bytes, false);
        }
    }

    /**
     * What a run that exited with status 0 printed.
     *
     * @param exitCode        always 0 (a non-zero status is a {@link ChildProcessException})
     * @param stdout          what was kept of standard output
     * @param stdoutTruncated standard output was longer than a {@link Keep#head} allowed
     * @param stderr          what was kept of standard error
     */
    public record Result(int exitCode, String stdout, boolean stdoutTruncated, String stderr) {
    }

    /** A command in the current directory, its environment inherited, the tail of each output kept. */
    public static ChildProcess of(String name, List<String> command) {
        return new ChildProcess(name, command, null, Map.of(), Keep.tail(DEFAULT_TAIL_BYTES),
                Keep.tail(DEFAULT_TAIL_BYTES));
    }

    /** The same, run in {@code dir} (null: the current directory). */
    public ChildProcess in(Path dir) {
        return new ChildProcess(name, command, dir, environment, stdout, stderr);
    }

    /** The same, with one more environment variable. */
    public ChildProcess withEnvironment(String key, String value) {
        var env = new HashMap<>(environment);
        env.put(key, value);
        return new ChildProcess(name, command, directory, env, stdout, stderr);
    }

    /** The same, keeping standard output as said. */
    public ChildProcess keepingStdout(Keep keep) {
        return new ChildProcess(name, command, directory, environment, keep, stderr);
    }

    /** The same, keeping standard error as said. */
    public ChildProcess keepingStderr(Keep keep) {
        return new ChildProcess(name, command, directory, environment, stdout, keep);
    }

    /**
     * Runs the program and waits at most {@code timeout} for it to exit. On time-out or interruption the whole
     * process tree is killed and reaped before this returns.
     *
     * @throws ChildProcessException when it cannot start, times out, is interrupted or exits with a non-zero status
     */
    public Result run(Duration timeout) throws ChildProcessException {
        Process process = launch();
        var out = new Drain(process.getInputStream(), stdout, name + "-output");
        var err = new Drain(process.getErrorStream(), stderr, name + "-output");
        out.start();
        err.start();
        boolean finished;
        try {
            finished = process.waitFor(millis(timeout), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new ChildProcessException(ChildProcessException.Kind.INTERRUPTED, "interrupted while " + name
                    + " was running", -1, out.text(), err.text(), e);
        }
        if (!finished) {
            kill(process);
            out.finish();
            err.finish();
            throw new ChildProcessException(ChildProcessException.Kind.TIMED_OUT, name + " did not finish within "
                    + timeout.toMillis() + " ms and was stopped", -1, out.text(), err.text(), null);
        }
        out.finish();
        err.finish();
        int code = process.exitValue();
        if (code != 0) {
            throw failed(code, out.text(), err.text());
        }
        return new Result(code, out.text(), out.truncated, err.text());
    }

    /**
     * Starts the program with standard output left for the caller to read. Standard error is drained (kept as
     * said); a watchdog kills the whole process tree when {@code timeout} runs out, which ends the caller's stream.
     *
     * @throws ChildProcessException ({@link ChildProcessException.Kind#NOT_STARTED}) when it cannot start
     */
    public Streaming start(Duration timeout) throws ChildProcessException {
        return new Streaming(this, launch(), timeout);
    }

    private Process launch() throws ChildProcessException {
        var pb = new ProcessBuilder(command);
        if (directory != null) {
            pb.directory(directory.toFile());
        }
        if (!environment.isEmpty()) {
            pb.environment().putAll(environment);
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(NO_INPUT));
        try {
            return pb.start();
        } catch (IOException e) {
            throw new ChildProcessException(ChildProcessException.Kind.NOT_STARTED, name + " could not be started: "
                    + e.getMessage(), -1, "", "", e);
        }
    }

    private ChildProcessException failed(int code, String out, String err) {
        String said = firstLine(err);
        return new ChildProcessException(ChildProcessException.Kind.FAILED, name + " failed (exit status " + code
                + ")" + (said.isEmpty() ? "" : ": " + said), code, out, err, null);
    }

    private static long millis(Duration timeout) {
        return Math.max(1, timeout.toMillis());
    }

    private static String firstLine(String text) {
        for (String line : text.split("\\R")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return "";
    }

    /** Kills the process and every descendant, then reaps it so that no zombie remains. */
    public static void kill(Process process) {
        // Children first: once the parent dies they are re-parented and no longer reachable as descendants.
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            if (!process.waitFor(REAP_SECONDS, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A started program whose standard output the caller reads. Close it in every case: closing kills the process
     * tree if it still runs.
     */
    public static final class Streaming implements AutoCloseable {
        private final ChildProcess program;
        private final Process process;
        private final Drain err;
        private final Thread watchdog;
        private volatile boolean timedOut;

        private Streaming(ChildProcess program, Process process, Duration timeout) {
            this.program = program;
            this.process = process;
            this.err = new Drain(process.getErrorStream(), program.stderr(), program.name() + "-output");
            err.start();
            long millis = millis(timeout);
            this.watchdog = Thread.ofPlatform().daemon().name(program.name() + "-watchdog").start(() -> {
                try {
                    if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
                        timedOut = true;
                        kill(process);
                    }
                } catch (InterruptedException e) {
                    // closed before the deadline: close() has already stopped the process if it had to
                }
            });
        }

        /** What the program writes on standard output. */
        public InputStream stdout() {
            return process.getInputStream();
        }

        /** What was kept of standard error so far. */
        public String stderr() {
            return err.text();
        }

        /** True once the process was stopped for running out of time. */
        public boolean timedOut() {
            return timedOut;
        }

        /**
         * Waits at most {@code timeout} for the program to exit after its output was read to the end.
         *
         * @throws ChildProcessException when it did not exit in time or the watchdog had stopped it (it is killed),
         *                               the waiting thread was interrupted (killed, flag set again), or it exited
         *                               with a non-zero status
         */
        public void finish(Duration timeout) throws ChildProcessException {
            boolean exited;
            try {
                exited = process.waitFor(millis(timeout), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                kill(process);
                Thread.currentThread().interrupt();
                throw new ChildProcessException(ChildProcessException.Kind.INTERRUPTED, "interrupted while "
                        + program.name() + " was running", -1, "", err.text(), e);
            }
            if (!exited || timedOut) {
                kill(process);
                timedOut = true;
                throw new ChildProcessException(ChildProcessException.Kind.TIMED_OUT, program.name()
                        + " did not finish in time and was stopped", -1, "", err.text(), null);
            }
            err.finish();
            int code = process.exitValue();
            if (code != 0) {
                throw program.failed(code, "", err.text());
            }
        }

        @Override
        public void close() {
            if (process.isAlive()) {
                kill(process);
            }
            watchdog.interrupt();
            try {
                process.getInputStream().close();
            } catch (IOException ignored) {
                // the pipe is gone with the process
            }
        }
    }

    /** Drains one stream on a daemon thread, keeping its head or its tail so that output cannot grow unbounded. */
    private static final class Drain extends Thread {
        private final InputStream in;
        private final Keep keep;
        /** Head: the bytes kept. */
        private final ByteArrayOutputStream headBytes;
        /** Tail: a ring holding the last bytes. */
        private final byte[] ring;
        private long total;
        private volatile boolean truncated;

        Drain(InputStream in, Keep keep, String threadName) {
            this.in = in;
            this.keep = keep;
            this.headBytes = keep.head() ? new ByteArrayOutputStream() : null;
            this.ring = keep.head() ? null : new byte[Math.max(1, keep.bytes())];
            setDaemon(true);
            setName(threadName);
        }

        @Override
        public void run() {
            byte[] buf = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    synchronized (this) {
                        if (headBytes != null) {
                            int room = keep.bytes() - headBytes.size();
                            headBytes.write(buf, 0, Math.max(0, Math.min(room, n)));
                            if (n > room) {
                                truncated = true;
                            }
                        } else {
                            for (int i = 0; i < n; i++) {
                                ring[(int) (total++ % ring.length)] = buf[i];
                            }
                        }
                    }
                }
            } catch (IOException ignored) {
                // the stream closes when the process is killed; what was read so far is kept
            }
        }

        void finish() {
            try {
                join(DRAIN_JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        synchronized String text() {
            if (headBytes != null) {
                return headBytes.toString(StandardCharsets.UTF_8);
            }
            int len = (int) Math.min(total, ring.length);
            byte[] out = new byte[len];
            long start = total - len;
            for (int i = 0; i < len; i++) {
                out[i] = ring[(int) ((start + i) % ring.length)];
            }
            return new String(out, StandardCharsets.UTF_8);
        }
    }
}
