package dev.preflight.engine.render;

import dev.preflight.engine.RenderException;
import dev.preflight.engine.process.ChildProcess;
import dev.preflight.engine.process.ChildProcessException;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Warm Ghostscript processes for {@code pamcmyk32} renders (and {@code ppmraw} soft proofs, {@link ProofRenderer}). Starting Ghostscript costs about 60 ms of CPU before it
 * reads a byte of the PDF (its PostScript start-up), which is most of the work for a one-page file at 72 dpi; a
 * service renders many files, so each process here renders one job after another.
 *
 * <p>How a process takes jobs: it runs a small PostScript driver that opens a named pipe of its own for reading
 * (which blocks until the JVM opens it for writing), executes what arrives there until end of file inside
 * {@code save}/{@code restore} and {@code stopped}, and loops. A job renders explicit pages of one PDF through the
 * PDF interpreter's page procedures and ends by printing a line with its own random token and the number of pages
 * shown on standard error; an error prints the token and the error name instead. Pixels travel on standard output
 * as with a process of its own. (Standard input cannot carry the jobs: Ghostscript reads a pipe in full buffers
 * and would wait for bytes that never come.)
 *
 * <p>Isolation: every process runs {@code -dSAFER} and may read only its own directory, in which the job's PDF
 * appears as a symbolic link for the length of the job; VM is restored after each job. A process that fails, runs
 * out of time, is left by its caller before its job ended, or has rendered {@value #MAX_JOBS} jobs is killed and
 * not reused. Each process runs under a small shell that kills it when the JVM's end of its standard input closes,
 * so no Ghostscript outlives the JVM, even after {@code kill -9}. Idle processes stop after
 * {@value #IDLE_SECONDS} s.
 *
 * <p>Turned off by the system property {@code preflight.gs.pool=off} (or {@code PREFLIGHT_GS_POOL=off}); every
 * render then starts a process of its own, as it also does whenever a pooled process cannot be had.
 */
final class GhostscriptPool {

    static final GhostscriptPool SHARED = new GhostscriptPool();

    static final int MAX_JOBS = 200;
    static final int IDLE_SECONDS = 60;
    private static final int TAIL_BYTES = 16 * 1024;
    /** Longest job text (a PostScript string's limit); a longer page list is rendered by a process of its own. */
    private static final int MAX_JOB_BYTES = 65_535;
    /** How long a live, idle process may take to open its job pipe before it is given up. */
    private static final long HANDOVER_MILLIS = 5_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * Starts the process and a watcher that kills it when standard input reaches end of file (the JVM died or
     * closed it); exits with the process's own status. Standard input of the process itself is /dev/null.
     */
    private static final String SHELL = "exec 3<&0; \"$@\" </dev/null 3<&- & p=$!; "
            + "(read _ <&3; kill $p) >/dev/null 2>&1 & exec 3<&-; wait $p";

    private final Map<Key, Deque<Worker>> idle = new HashMap<>();
    private Thread reaper;

    /** Processes are shared by renders with the same executable, options and output device. */
    private record Key(String executable, List<String> options, String device) {
    }

    /** Which pages a job renders: a range (last 0: to the end) or a list. */
    record Pages(int first, int last, List<Integer> list) {

        static Pages range(int first, int last) {
            return new Pages(first, last, null);
        }

        static Pages of(List<Integer> pages) {
            return new Pages(0, 0, List.copyOf(pages));
        }

        /** The same selection as Ghostscript command-line options. */
        List<String> asOptions() {
            if (list != null) {
                var out = new StringBuilder();
                for (int[] run : runs()) {
                    out.append(out.isEmpty() ? "" : ",").append(run[0]);
                    if (run[1] != run[0]) {
                        out.append('-').append(run[1]);
                    }
                }
                return List.of("-sPageList=" + out);
            }
            var out = new ArrayList<>(List.of("-dFirstPage=" + first));
            if (last > 0) {
                out.add("-dLastPage=" + last);
            }
            return out;
        }

        /**
         * The PostScript that shows these pages of the open document, one loop per run of contiguous pages, and
         * leaves how many it showed on the operand stack (the PDF interpreter's own save/restore would undo a count
         * kept in a dictionary).
         */
        String asPostScript() {
            String show = " { pdfgetpage pdfshowpage 1 add } for";
            if (list != null) {
                var out = new StringBuilder("0");
                for (int[] run : runs()) {
                    out.append(' ').append(run[0]).append(" 1 ").append(run[1]).append(show);
                }
                return out.toString();
            }
            String end = last > 0 ? last + " pdfpagecount 2 copy gt { exch } if pop" : "pdfpagecount";
            return "0 " + first + " 1 " + end + show;
        }

        /** The listed pages as runs of contiguous numbers, {first, last} each. */
        private List<int[]> runs() {
            var out = new ArrayList<int[]>();
            int i = 0;
            while (i < list.size()) {
                int from = list.get(i);
                int to = from;
                while (i + 1 < list.size() && list.get(i + 1) == to + 1) {
                    to = list.get(++i);
                }
                i++;
                out.add(new int[] {from, to});
            }
            return out;
        }
    }

    static boolean enabled() {
        String value = System.getProperty("preflight.gs.pool", System.getenv().getOrDefault("PREFLIGHT_GS_POOL",
                "on"));
        return !value.equalsIgnoreCase("off") && !value.equalsIgnoreCase("false");
    }

    /**
     * Starts a job on a pooled process, or returns null when none can be had (the caller then starts a process of
     * its own).
     *
     * @param options  Ghostscript's options without page selection, device and output (they are the pool's)
     * @param deadline {@link System#nanoTime()} by which the job must have ended
     */
    CmykRun start(Ghostscript gs, List<String> options, Path pdf, Pages pages, long deadline) {
        return start(gs, "pamcmyk32", options, pdf, pages, deadline);
    }

    /**
     * Starts a job on a pooled process whose device writes its pages to standard output ({@code pamcmyk32} or
     * {@code ppmraw}), or returns null when none can be had.
     */
    CmykRun start(Ghostscript gs, String device, List<String> options, Path pdf, Pages pages, long deadline) {
        // the job's own lines and paths take well under a kilobyte
        if (gs.resolve() == null || !looksLikePdf(pdf) || pages.asPostScript().length() > MAX_JOB_BYTES - 4096) {
            return null;
        }
        var key = new Key(gs.executable(), List.copyOf(options), device);
        for (int attempt = 0; attempt < 2 && System.nanoTime() < deadline; attempt++) {
            Worker worker = take(key);
            if (worker == null) {
                try {
                    worker = Worker.spawn(key);
                } catch (IOException e) {
                    return null;
                }
            }
            Job job = worker.submit(pdf, pages, deadline);
            if (job != null) {
                return job;
            }
        }
        return null;
    }

    /**
     * True when the file has {@code %PDF} in its first kilobyte, where Ghostscript looks for it too: a pooled job
     * runs the PDF interpreter directly, so anything else is left to a process of its own.
     */
    private static boolean looksLikePdf(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(1024);
            return new String(head, StandardCharsets.ISO_8859_1).contains("%PDF");
        } catch (IOException e) {
            return false;
        }
    }

    private synchronized Worker take(Key key) {
        Deque<Worker> workers = idle.get(key);
        while (workers != null && !workers.isEmpty()) {
            Worker w = workers.pollLast();
            if (w.process.isAlive()) {
                return w;
            }
            w.stop();
        }
        return null;
    }

    private void release(Worker worker) {
        boolean keep;
        synchronized (this) {
            Deque<Worker> workers = idle.computeIfAbsent(worker.key, k -> new ArrayDeque<>());
            keep = worker.jobs < MAX_JOBS && worker.process.isAlive()
                    && workers.size() < Math.max(2, Runtime.getRuntime().availableProcessors());
            if (keep) {
                worker.idleSince = System.nanoTime();
                workers.addLast(worker);
                if (reaper == null) {
                    reaper = Thread.ofPlatform().daemon().name("gs-pool-reaper").start(this::reap);
                }
            }
        }
        if (!keep) {
            worker.stop();
        }
    }

    /** Stops processes idle for longer than {@link #IDLE_SECONDS}. */
    private void reap() {
        while (true) {
            try {
                Thread.sleep(IDLE_SECONDS * 250L);
            } catch (InterruptedException e) {
                return;
            }
            var stale = new ArrayList<Worker>();
            synchronized (this) {
                long now = System.nanoTime();
                for (Deque<Worker> workers : idle.values()) {
                    workers.removeIf(w -> {
                        boolean old = now - w.idleSince > TimeUnit.SECONDS.toNanos(IDLE_SECONDS)
                                || !w.process.isAlive();
                        if (old) {
                            stale.add(w);
                        }
                        return old;
                    });
                }
            }
            stale.forEach(Worker::stop);
        }
    }

    /** Stops every idle process (tests). */
    void clear() {
        var all = new ArrayList<Worker>();
        synchronized (this) {
            idle.values().forEach(all::addAll);
            idle.clear();
        }
        all.forEach(Worker::stop);
    }

    /** The idle processes (each a small shell over Ghostscript), most recently used last (tests). */
    synchronized List<Process> idleProcesses() {
        var out = new ArrayList<Process>();
        idle.values().forEach(workers -> workers.forEach(w -> out.add(w.process)));
        return out;
    }

    /** How a job ended, as its last line on standard error said. */
    private record Outcome(boolean ok, int pages, String error) {
    }

    /** One warm Ghostscript process and its private directory. */
    private static final class Worker {
        final Key key;
        final Process process;
        final Path dir;
        final Path jobPipe;
        final Path document;
        int jobs;
        long idleSince;
        /** The job whose end the stderr reader waits for; guarded by this. */
        private Job current;
        private final StringBuilder line = new StringBuilder();

        private Worker(Key key, Process process, Path dir) {
            this.key = key;
            this.process = process;
            this.dir = dir;
            this.jobPipe = dir.resolve("jobs");
            this.document = dir.resolve("document.pdf");
            Thread.ofPlatform().daemon().name("gs-pool-stderr").start(this::readStderr);
        }

        static Worker spawn(Key key) throws IOException {
            // a few bytes each (a pipe, the driver, a link): the system's temporary directory, not the scratch one
            Path dir = Files.createTempDirectory("preflight-gs-");
            try {
                Path pipe = dir.resolve("jobs");
                try {
                    ChildProcess.of("mkfifo", List.of("mkfifo", "-m", "600", pipe.toString()))
                            .run(Duration.ofSeconds(10));
                } catch (ChildProcessException e) {
                    switch (e.kind()) {
                        case NOT_STARTED -> throw (IOException) e.getCause();
                        case INTERRUPTED -> throw new InterruptedException();
                        default -> throw new IOException("mkfifo failed");
                    }
                }
                Path driver = dir.resolve("driver.ps");
                Files.writeString(driver, driver(pipe));
                var command = new ArrayList<>(List.of("sh", "-c", SHELL, "sh"));
                Path stdbuf = Ghostscript.stdbuf();
                if (stdbuf != null) {
                    command.addAll(List.of(stdbuf.toString(), "-o", "1M"));
                }
                command.add(key.executable());
                command.addAll(key.options());
                command.addAll(List.of("--permit-file-read=" + dir.toAbsolutePath() + "/", "-sstdout=%stderr",
                        "-sDEVICE=" + key.device(), "-sOutputFile=%stdout", driver.toAbsolutePath().toString()));
                Process process = new ProcessBuilder(command).start();
                return new Worker(key, process, dir);
            } catch (IOException | RuntimeException e) {
                deleteDir(dir);
                throw e instanceof IOException io ? io : new IOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                deleteDir(dir);
                throw new InterruptedIOException("interrupted while starting Ghostscript");
            }
        }

        /** The driver loop: one job per opening of the job pipe, each under save/restore and stopped. */
        private static String driver(Path pipe) {
            return "{\n"
                    + "  save mark\n"
                    // the whole job is read and the pipe closed before it runs: a pipe still open for reading
                    // after the job's last line would take (and lose) the next job's text
                    + "  " + psString(pipe.toAbsolutePath().toString()) + " (r) file dup " + MAX_JOB_BYTES
                    + " string readstring pop exch closefile cvx stopped {\n"
                    + "    (%stderr) (w) file dup (\\nPFERR ) writestring\n"
                    + "    userdict /PFtoken known { dup PFtoken writestring } if\n"
                    + "    dup ( ) writestring dup $error /errorname get 64 string cvs writestring\n"
                    + "    dup (\\n) writestring flushfile\n"
                    + "  } if\n"
                    + "  cleartomark cleardictstack restore\n"
                    + "} loop\n";
        }

        /**
         * Hands a job to the process. Returns null when the process did not take it (it is then stopped).
         */
        Job submit(Path pdf, Pages pages, long deadline) {
            String token = HexFormat.of().formatHex(bytes());
            try {
                Files.deleteIfExists(document);
                Files.createSymbolicLink(document, pdf.toAbsolutePath());
            } catch (IOException | UnsupportedOperationException e) {
                stop();
                return null;
            }
            var job = new Job(this, token, deadline);
            synchronized (this) {
                current = job;
            }
            String text = "/PFtoken (" + token + ") def\n"
                    + psString(document.toAbsolutePath().toString()) + " (r) file runpdfbegin\n"
                    + pages.asPostScript() + "\n"
                    + "runpdfend /PFcount exch def\n"
                    + "(%stderr) (w) file dup (\\nPFDONE ) writestring dup PFtoken writestring dup ( ) writestring\n"
                    + "dup PFcount 16 string cvs writestring dup (\\n) writestring flushfile\n";
            var written = CompletableFuture.runAsync(() -> {
                try (OutputStream out = Files.newOutputStream(jobPipe)) {
                    out.write(text.getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, r -> Thread.ofPlatform().daemon().name("gs-pool-handover").start(r));
            long handover = Math.min(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANDOVER_MILLIS), deadline);
            try {
                // a process that died (or never was Ghostscript) does not keep the caller waiting
                while (!written.isDone() && process.isAlive() && System.nanoTime() < handover) {
                    try {
                        written.get(10, TimeUnit.MILLISECONDS);
                    } catch (TimeoutException e) {
                        // look again
                    }
                }
                written.getNow(null);
                if (!written.isDone()) {
                    throw new TimeoutException();
                }
            } catch (TimeoutException | java.util.concurrent.CompletionException | ExecutionException e) {
                stop();
                // a writer still waiting for a reader is released by opening the pipe's other end
                Thread.ofPlatform().daemon().start(() -> {
                    try (InputStream in = new FileInputStream(jobPipe.toFile())) {
                        in.transferTo(OutputStream.nullOutputStream());
                    } catch (IOException ignored) {
                        // the directory is gone: nobody waits any more
                    }
                });
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop();
                return null;
            }
            jobs++;
            return job;
        }

        private static byte[] bytes() {
            byte[] b = new byte[12];
            RANDOM.nextBytes(b);
            return b;
        }

        /** Reads standard error line by line: a job's last line ends it, the rest is kept as its tail. */
        private void readStderr() {
            try (InputStream in = process.getErrorStream()) {
                byte[] buf = new byte[8192];
                int n;
                while ((n = in.read(buf)) > 0) {
                    for (int i = 0; i < n; i++) {
                        char c = (char) (buf[i] & 0xff);
                        if (c == '\n') {
                            endOfLine();
                        } else if (line.length() < TAIL_BYTES) {
                            line.append(c);
                        }
                    }
                }
            } catch (IOException ignored) {
                // the process is gone
            }
            endOfLine();
            Job job;
            synchronized (this) {
                job = current;
            }
            if (job != null) {
                job.end(new Outcome(false, 0, "Ghostscript ended"));
            }
        }

        private void endOfLine() {
            String text = line.toString();
            line.setLength(0);
            Job job;
            synchronized (this) {
                job = current;
            }
            if (job == null) {
                return;
            }
            String[] parts = text.strip().split(" ");
            if (parts.length == 3 && parts[1].equals(job.token)
                    && (parts[0].equals("PFDONE") || parts[0].equals("PFERR"))) {
                if (parts[0].equals("PFDONE")) {
                    job.end(new Outcome(true, Integer.parseInt(parts[2]), null));
                } else {
                    job.end(new Outcome(false, 0, parts[2]));
                }
            } else if (!text.isBlank()) {
                job.log(text);
            }
        }

        void stop() {
            ChildProcess.kill(process);
            try {
                process.getOutputStream().close();
            } catch (IOException ignored) {
                // gone with the process
            }
            deleteDir(dir);
        }

        private static void deleteDir(Path dir) {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
                Files.deleteIfExists(dir);
            } catch (IOException ignored) {
                // a temporary directory left behind is cleaned with the scratch directory
            }
        }
    }

    /** A job on a pooled process, seen by its caller as a run of its own. */
    private static final class Job implements CmykRun {
        private final Worker worker;
        private final String token;
        private final long deadline;
        private final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        private final ByteArrayOutputStream tail = new ByteArrayOutputStream();
        private volatile int expected = -1;
        private volatile boolean timedOut;
        private boolean done;

        Job(Worker worker, String token, long deadline) {
            this.worker = worker;
            this.token = token;
            this.deadline = deadline;
        }

        synchronized void log(String text) {
            if (tail.size() < TAIL_BYTES) {
                tail.writeBytes((text + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }

        /** The job's last line arrived: a failed job, or one that showed fewer pages than read, stops the process
         * so that its reader sees the end of the stream rather than waiting for pages that will not come. */
        void end(Outcome result) {
            if (!outcome.complete(result)) {
                return;
            }
            int want = expected;
            if (!result.ok() || (want >= 0 && result.pages() < want)) {
                worker.stop();
            }
        }

        @Override
        public void expectPages(int pages) {
            expected = pages;
            Outcome result = outcome.getNow(null);
            if (result != null && result.pages() < pages) {
                worker.stop();
            }
        }

        @Override
        public InputStream pixels() {
            return worker.process.getInputStream();
        }

        @Override
        public void expectEnd(PamReader pam) throws IOException {
            Outcome result;
            try {
                result = await();
            } catch (TimeoutException e) {
                throw new IOException("Ghostscript did not end the job after its last page");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted");
            }
            if (!result.ok()) {
                throw new IOException("Ghostscript reported " + result.error() + " after the last page");
            }
            if (result.pages() != expected || pixels().available() > 0) {
                throw new IOException("more pages than were asked for (" + result.pages() + " shown, "
                        + expected + " read, " + pixels().available() + " bytes more)");
            }
        }

        private Outcome await() throws TimeoutException, InterruptedException {
            try {
                return outcome.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                throw new IllegalStateException(e);
            } catch (TimeoutException e) {
                timedOut = true;
                throw e;
            }
        }

        @Override
        public synchronized String stderr() {
            return tail.toString(StandardCharsets.UTF_8);
        }

        @Override
        public RenderException failure(String message) {
            if (timedOut) {
                return new RenderException("Ghostscript did not finish in time and was stopped", stderr(), true);
            }
            Outcome result = outcome.getNow(null);
            String said = Ghostscript.firstErrorLine(stderr());
            if (said.isEmpty() && result != null && result.error() != null) {
                said = "Error: /" + result.error();
            }
            return new RenderException(message + (said.isEmpty() ? "" : " (" + said + ")"), stderr(), false);
        }

        @Override
        public void finish() throws RenderException {
            Outcome result;
            try {
                result = await();
            } catch (TimeoutException e) {
                close();
                throw failure("");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new RenderException("Interrupted while Ghostscript was running", stderr(), false);
            }
            if (!result.ok()) {
                close();
                String said = Ghostscript.firstErrorLine(stderr());
                throw new RenderException("Ghostscript failed" + (said.isEmpty() ? ": " + result.error()
                        : ": " + said), stderr(), false);
            }
            synchronized (this) {
                if (done) {
                    return;
                }
                done = true;
            }
            finishJob(true);
        }

        @Override
        public void close() {
            synchronized (this) {
                if (done) {
                    return;
                }
                done = true;
            }
            finishJob(false);
        }

        private void finishJob(boolean clean) {
            synchronized (worker) {
                worker.current = null;
            }
            try {
                Files.deleteIfExists(worker.document);
            } catch (IOException e) {
                clean = false;
            }
            if (clean && outcome.isDone()) {
                SHARED.release(worker);
            } else {
                worker.stop();
            }
        }
    }

    /** A PostScript string literal of any text, as hexadecimal so that no character needs escaping. */
    private static String psString(String text) {
        return "<" + HexFormat.of().formatHex(text.getBytes(StandardCharsets.UTF_8)) + ">";
    }
}
