package dev.preflight.engine.render;

import dev.preflight.engine.RenderException;
import dev.preflight.engine.process.ChildProcess;
import dev.preflight.engine.process.ChildProcessException;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The Ghostscript executable: where it is, which version, and how to run it as a bounded child process. */
public final class Ghostscript {

    private static final Duration VERSION_TIMEOUT = Duration.ofSeconds(10);

    /** coreutils' {@code stdbuf}, which sets a program's stdio buffers (it then runs the program itself). */
    private static final Path STDBUF = onPath("stdbuf");

    private final String executable;

    /**
     * @param executable a path, or a bare name looked up on the PATH (usually {@code gs})
     */
    public Ghostscript(String executable) {
        this.executable = executable == null || executable.isBlank() ? "gs" : executable;
    }

    /** coreutils' {@code stdbuf}, or null when it is not on the PATH. */
    static Path stdbuf() {
        return STDBUF;
    }

    /** The executable as configured. */
    public String executable() {
        return executable;
    }

    /** The executable resolved against the PATH, or null when it cannot be found. */
    public Path resolve() {
        if (executable.contains(File.separator)) {
            Path p = Path.of(executable);
            return Files.isExecutable(p) ? p : null;
        }
        return onPath(executable);
    }

    private static Path onPath(String executable) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, executable);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** True when the executable exists and answers {@code --version}. */
    public boolean available() {
        try {
            version();
            return true;
        } catch (RenderException e) {
            return false;
        }
    }

    /**
     * The version Ghostscript reports, e.g. {@code 10.00.0}.
     *
     * @throws RenderException when it cannot be run
     */
    public String version() throws RenderException {
        Result r = run(List.of("--version"), null, VERSION_TIMEOUT);
        String v = r.stdout().strip();
        if (v.isEmpty()) {
            throw new RenderException("Ghostscript printed no version", r.stderr(), false);
        }
        return v;
    }

    /**
     * Runs Ghostscript with the arguments and waits at most {@code timeout}. On timeout the whole process tree is
     * killed and reaped before this returns.
     *
     * @param workDir working directory, or null for the current one
     * @return the exit status and the tails of stdout and stderr
     * @throws RenderException when it cannot start, times out or exits with a non-zero status
     */
    public Result run(List<String> args, Path workDir, Duration timeout) throws RenderException {
        var command = new ArrayList<String>(args.size() + 1);
        command.add(executable);
        command.addAll(args);
        try {
            ChildProcess.Result r = ChildProcess.of("gs", command).in(workDir).run(timeout);
            return new Result(r.exitCode(), r.stdout(), r.stderr());
        } catch (ChildProcessException e) {
            throw switch (e.kind()) {
                case NOT_STARTED -> notStarted(e);
                case INTERRUPTED -> new RenderException("Interrupted while Ghostscript was running", e.stderr(), false);
                case TIMED_OUT -> new RenderException("Ghostscript did not finish within " + describe(timeout)
                        + " and was stopped", e.stderr(), true);
                case FAILED -> {
                    String reason = firstErrorLine(e.stderr(), e.stdout());
                    yield new RenderException("Ghostscript failed (exit status " + e.exitCode() + ")"
                            + (reason.isEmpty() ? "" : ": " + reason), e.stderr() + e.stdout(), false);
                }
            };
        }
    }

    /**
     * Starts Ghostscript with its standard output left for the caller to read (the device writes to {@code -o -}),
     * for renders streamed into the JVM. Standard error is drained on a thread, keeping its tail; a watchdog kills
     * the whole process tree when {@code timeout} runs out, which ends the caller's stream early.
     *
     * @throws RenderException when it cannot start
     */
    public Streaming start(List<String> args, Duration timeout) throws RenderException {
        var command = new ArrayList<String>(args.size() + 4);
        if (STDBUF != null && resolve() != null) {
            // C stdio writes a pipe in 4 KiB blocks; 1 MiB blocks halve the system time of both ends of the pipe.
            // (Only for an executable that exists: a missing one must fail to start, not make stdbuf fail.)
            command.addAll(List.of(STDBUF.toString(), "-o", "1M"));
        }
        command.add(executable);
        command.addAll(args);
        try {
            return new Streaming(ChildProcess.of("gs", command).start(timeout), timeout);
        } catch (ChildProcessException e) {
            throw notStarted(e);
        }
    }

    private RenderException notStarted(ChildProcessException e) {
        return new RenderException("Ghostscript could not be started (" + executable + "): "
                + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()), "", false);
    }

    /**
     * A running Ghostscript whose standard output the caller reads. Close it in every case: closing kills the
     * process tree if it still runs.
     */
    public static final class Streaming implements CmykRun {
        private final ChildProcess.Streaming run;
        private final Duration timeout;

        private Streaming(ChildProcess.Streaming run, Duration timeout) {
            this.run = run;
            this.timeout = timeout;
        }

        /** What the device writes. */
        public InputStream stdout() {
            return run.stdout();
        }

        @Override
        public InputStream pixels() {
            return stdout();
        }

        @Override
        public void expectEnd(PamReader pam) throws IOException {
            if (pam.next() != null) {
                throw new IOException("more pages than were asked for");
            }
        }

        /** True once the watchdog stopped the process for running out of time. */
        public boolean timedOut() {
            return run.timedOut();
        }

        /** The tail of what Ghostscript printed on standard error so far. */
        @Override
        public String stderr() {
            return run.stderr();
        }

        /**
         * A failure of the run as the caller should report it: the time-out when the watchdog stopped the process
         * (whatever the stream looked like then), otherwise {@code message} with Ghostscript's own error line.
         */
        @Override
        public RenderException failure(String message) {
            if (run.timedOut()) {
                return new RenderException("Ghostscript did not finish within " + describe(timeout)
                        + " and was stopped", run.stderr(), true);
            }
            String said = firstErrorLine(run.stderr());
            return new RenderException(message + (said.isEmpty() ? "" : " (" + said + ")"), run.stderr(), false);
        }

        /**
         * Waits for Ghostscript to exit after its output was read to the end.
         *
         * @throws RenderException when it timed out or exited with a non-zero status
         */
        @Override
        public void finish() throws RenderException {
            try {
                run.finish(timeout);
            } catch (ChildProcessException e) {
                throw switch (e.kind()) {
                    case INTERRUPTED -> new RenderException("Interrupted while Ghostscript was running", e.stderr(),
                            false);
                    case FAILED -> {
                        String reason = firstErrorLine(e.stderr());
                        yield new RenderException("Ghostscript failed (exit status " + e.exitCode() + ")"
                                + (reason.isEmpty() ? "" : ": " + reason), e.stderr(), false);
                    }
                    // the run marked itself timed out: the failure says so
                    case TIMED_OUT, NOT_STARTED -> failure("");
                };
            }
        }

        @Override
        public void close() {
            run.close();
        }
    }

    static String describe(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }

    /** The most telling line of Ghostscript's output: its own error line when there is one. */
    static String firstErrorLine(String... texts) {
        // PostScript errors go to stdout, the summary to stderr: look for the specific line everywhere first
        for (String marker : new String[] {"Error:", "**** Error", "Unrecoverable error"}) {
            for (String text : texts) {
                for (String line : text.split("\\R")) {
                    if (line.contains(marker)) {
                        return line.strip();
                    }
                }
            }
        }
        for (String text : texts) {
            for (String line : text.split("\\R")) {
                if (!line.isBlank()) {
                    return line.strip();
                }
            }
        }
        return "";
    }

    /**
     * What a finished run printed.
     *
     * @param exitCode process exit status
     * @param stdout   the last part of standard output
     * @param stderr   the last part of standard error
     */
    public record Result(int exitCode, String stdout, String stderr) {
    }
}
