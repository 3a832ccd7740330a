package dev.preflight.engine.render;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The Ghostscript executable: where it is, which version, and how to run it as a bounded child process. */
public final class Ghostscript {

    /** Output kept from each of stdout and stderr; a hostile PostScript file may print forever. */
    private static final int OUTPUT_TAIL_BYTES = 16 * 1024;
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
        var pb = new ProcessBuilder(command);
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        Process process = launch(pb);
        var out = new TailReader(process.getInputStream());
        var err = new TailReader(process.getErrorStream());
        out.start();
        err.start();
        boolean finished;
        try {
            finished = process.waitFor(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new RenderException("Interrupted while Ghostscript was running", err.text(), false);
        }
        if (!finished) {
            kill(process);
            out.finish();
            err.finish();
            throw new RenderException("Ghostscript did not finish within " + describe(timeout)
                    + " and was stopped", err.text(), true);
        }
        out.finish();
        err.finish();
        int code = process.exitValue();
        if (code != 0) {
            String reason = firstErrorLine(err.text(), out.text());
            throw new RenderException("Ghostscript failed (exit status " + code + ")"
                    + (reason.isEmpty() ? "" : ": " + reason), err.text() + out.text(), false);
        }
        return new Result(code, out.text(), err.text());
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
        return new Streaming(launch(new ProcessBuilder(command)), timeout);
    }

    /** Starts the process with nothing on its standard input. */
    private Process launch(ProcessBuilder pb) throws RenderException {
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        try {
            return pb.start();
        } catch (IOException e) {
            throw new RenderException("Ghostscript could not be started (" + executable + "): "
                    + e.getMessage(), "", false);
        }
    }

    /**
     * A running Ghostscript whose standard output the caller reads. Close it in every case: closing kills the
     * process tree if it still runs.
     */
    public static final class Streaming implements CmykRun {
        private final Process process;
        private final Duration timeout;
        private final TailReader err;
        private final Thread watchdog;
        private volatile boolean timedOut;

        private Streaming(Process process, Duration timeout) {
            this.process = process;
            this.timeout = timeout;
            this.err = new TailReader(process.getErrorStream());
            err.start();
            long millis = Math.max(1, timeout.toMillis());
            this.watchdog = Thread.ofPlatform().daemon().name("gs-watchdog").start(() -> {
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

        /** What the device writes. */
        public InputStream stdout() {
            return process.getInputStream();
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
            return timedOut;
        }

        /** The tail of what Ghostscript printed on standard error so far. */
        @Override
        public String stderr() {
            return err.text();
        }

        /**
         * A failure of the run as the caller should report it: the time-out when the watchdog stopped the process
         * (whatever the stream looked like then), otherwise {@code message} with Ghostscript's own error line.
         */
        @Override
        public RenderException failure(String message) {
            if (timedOut) {
                return new RenderException("Ghostscript did not finish within " + describe(timeout)
                        + " and was stopped", err.text(), true);
            }
            String said = firstErrorLine(err.text());
            return new RenderException(message + (said.isEmpty() ? "" : " (" + said + ")"), err.text(), false);
        }

        /**
         * Waits for Ghostscript to exit after its output was read to the end.
         *
         * @throws RenderException when it timed out or exited with a non-zero status
         */
        @Override
        public void finish() throws RenderException {
            boolean exited;
            try {
                exited = process.waitFor(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                kill(process);
                Thread.currentThread().interrupt();
                throw new RenderException("Interrupted while Ghostscript was running", err.text(), false);
            }
            if (!exited || timedOut) {
                kill(process);
                timedOut = true;
                throw failure("");
            }
            err.finish();
            int code = process.exitValue();
            if (code != 0) {
                String reason = firstErrorLine(err.text());
                throw new RenderException("Ghostscript failed (exit status " + code + ")"
                        + (reason.isEmpty() ? "" : ": " + reason), err.text(), false);
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

    /** Kills the process and every descendant, then reaps it so no zombie remains. */
    static void kill(Process process) {
        // Children first: once the parent dies they are re-parented and no longer reachable as descendants.
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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

    /** Drains one stream on a daemon thread, keeping only its tail so output cannot grow without bound. */
    private static final class TailReader extends Thread {
        private final InputStream in;
        private final byte[] ring = new byte[OUTPUT_TAIL_BYTES];
        private long total;

        TailReader(InputStream in) {
            this.in = in;
            setDaemon(true);
            setName("gs-output");
        }

        @Override
        public void run() {
            byte[] buf = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    synchronized (this) {
                        for (int i = 0; i < n; i++) {
                            ring[(int) (total++ % ring.length)] = buf[i];
                        }
                    }
                }
            } catch (IOException ignored) {
                // the stream closes when the process is killed; what was read so far is kept
            }
        }

        void finish() {
            try {
                join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        synchronized String text() {
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
