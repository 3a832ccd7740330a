package dev.preflight.engine.conformance;

import dev.preflight.engine.process.ChildProcess;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** One long-lived validator JVM: requests go in on its standard input, answers come back as lines. */
final class Child {

    /** How a request ended. */
    enum Answer { DONE, TIMED_OUT, EXITED }

    private static final String END = "\u0000end";

    private final Process process;
    private final BufferedWriter requests;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final Path errorLog;

    private Child(Process process, Path errorLog) {
        this.process = process;
        this.errorLog = errorLog;
        this.requests = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        Thread.ofVirtual().name("verapdf-answers-" + process.pid()).start(this::readAnswers);
    }

    /** Starts a child; its standard error goes to a file in the system's temporary directory, which outlives jobs. */
    static Child start(List<String> command) throws IOException {
        Path log = Files.createTempFile("verapdf-child-", ".log");
        Process p = new ProcessBuilder(command).redirectError(log.toFile()).start();
        return new Child(p, log);
    }

    /** Sends one request and waits for its answer at most {@code timeout}. */
    Answer ask(String request, Duration timeout) throws InterruptedException {
        try {
            requests.write(request);
            requests.newLine();
            requests.flush();
        } catch (IOException e) {
            return Answer.EXITED;
        }
        String answer = answers.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (answer == null) {
            return Answer.TIMED_OUT;
        }
        if (answer.equals(ValidatorMain.DONE)) {
            return Answer.DONE;
        }
        // end of output: wait for the exit status that says why
        process.waitFor(5, TimeUnit.SECONDS);
        return Answer.EXITED;
    }

    boolean alive() {
        return process.isAlive();
    }

    int exitCode() {
        return process.isAlive() ? -1 : process.exitValue();
    }

    /** What the child wrote on standard error (its last few kilobytes). */
    String errors() {
        try {
            long size = Files.size(errorLog);
            try (var ch = Files.newByteChannel(errorLog)) {
                ch.position(Math.max(0, size - 8192));
                var buf = java.nio.ByteBuffer.allocate((int) Math.min(size, 8192));
                ch.read(buf);
                return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            return "";
        }
    }

    /** Kills the child and everything it started, and removes its error log. */
    void kill() {
        ChildProcess.kill(process);
        try {
            Files.deleteIfExists(errorLog);
        } catch (IOException ignored) {
            // left for the scratch sweep
        }
    }

    private void readAnswers() {
        try (var in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.equals(ValidatorMain.DONE) || line.startsWith("error")) {
                    answers.add(line);
                }
            }
        } catch (IOException ignored) {
            // the stream ends with the process
        } finally {
            answers.add(END);
        }
    }
}
