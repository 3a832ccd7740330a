package dev.preflight.engine.process;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ChildProcessTests {

    private static ChildProcess shell(String script) {
        return ChildProcess.of("sh", List.of("sh", "-c", script));
    }

    /** The process ids a script printed, one a line. */
    private static List<Long> printedPids(String stdout) {
        return stdout.lines().filter(l -> l.matches("\\d+")).map(Long::parseLong).toList();
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** True once none of the processes lives (waiting a few seconds for the system to reap them). */
    private static boolean allGone(List<Long> pids) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pids.stream().anyMatch(ChildProcessTests::alive)) {
            if (System.nanoTime() > until) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    @Test
    void returnsWhatAProgramPrintedWhenItExitsWithStatusZero() throws Exception {
        ChildProcess.Result r = shell("echo out; echo err >&2").run(Duration.ofSeconds(20));

        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).isEqualTo("out\n");
        assertThat(r.stderr()).isEqualTo("err\n");
        assertThat(r.stdoutTruncated()).isFalse();
    }

    @Test
    void aProgramPastItsTimeIsKilledWithItsChildren() throws Exception {
        long started = System.nanoTime();
        ChildProcessException e = catchThrowableOfType(ChildProcessException.class,
                () -> shell("sleep 300 & echo $!; echo $$; wait").run(Duration.ofMillis(500)));

        assertThat(e.kind()).isEqualTo(ChildProcessException.Kind.TIMED_OUT);
        assertThat(e.getMessage()).isEqualTo("sh did not finish within 500 ms and was stopped");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
        List<Long> tree = printedPids(e.stdout());
        assertThat(tree).as("the shell and its sleeping child, as they printed themselves").hasSize(2);
        assertThat(allGone(tree)).isTrue();
    }

    @Test
    void aNonZeroExitIsAnErrorCarryingStandardError() {
        ChildProcessException e = catchThrowableOfType(ChildProcessException.class,
                () -> shell("echo partial; echo 'Error: no such page' >&2; exit 3").run(Duration.ofSeconds(20)));

        assertThat(e.kind()).isEqualTo(ChildProcessException.Kind.FAILED);
        assertThat(e.exitCode()).isEqualTo(3);
        assertThat(e.stderr()).isEqualTo("Error: no such page\n");
        assertThat(e.stdout()).isEqualTo("partial\n");
        assertThat(e.getMessage()).isEqualTo("sh failed (exit status 3): Error: no such page");
    }

    @Test
    void standardInputIsClosedSoAProgramReadingItEndsAtOnce() throws Exception {
        // with an open pipe the read would wait until the time-out
        ChildProcess.Result r = shell("if read line; then echo got; else echo end-of-input; fi")
                .run(Duration.ofSeconds(20));

        assertThat(r.stdout()).isEqualTo("end-of-input\n");
    }

    @Test
    void aStreamingProgramHasNoInputEither() throws Exception {
        try (ChildProcess.Streaming s = shell("cat; echo done").start(Duration.ofSeconds(20))) {
            assertThat(new String(s.stdout().readAllBytes())).isEqualTo("done\n");
            s.finish(Duration.ofSeconds(20));
        }
    }

    @Test
    void keepsTheHeadOfStandardOutputAndSaysWhenMoreCame() throws Exception {
        ChildProcess.Result r = shell("seq 1 100000").keepingStdout(ChildProcess.Keep.head(12))
                .run(Duration.ofSeconds(20));

        assertThat(r.stdout()).isEqualTo("1\n2\n3\n4\n5\n6\n");
        assertThat(r.stdoutTruncated()).isTrue();
    }

    @Test
    void keepsOnlyTheTailOfEndlessOutput() throws Exception {
        ChildProcess.Result r = shell("seq 1 100000 >&2").keepingStderr(ChildProcess.Keep.tail(13))
                .run(Duration.ofSeconds(20));

        assertThat(r.stderr()).isEqualTo("99999\n100000\n");
    }

    @Test
    void runsInTheGivenDirectoryWithTheGivenEnvironment() throws Exception {
        ChildProcess.Result r = shell("pwd; echo $PREFLIGHT_CHILD_TEST").in(java.nio.file.Path.of("/tmp"))
                .withEnvironment("PREFLIGHT_CHILD_TEST", "set").run(Duration.ofSeconds(20));

        assertThat(r.stdout()).isEqualTo("/tmp\nset\n");
    }

    @Test
    void aMissingProgramDoesNotStart() {
        ChildProcessException e = catchThrowableOfType(ChildProcessException.class,
                () -> ChildProcess.of("nothing", List.of("/nonexistent/program")).run(Duration.ofSeconds(20)));

        assertThat(e.kind()).isEqualTo(ChildProcessException.Kind.NOT_STARTED);
        assertThat(e.getCause()).isInstanceOf(IOException.class);
        assertThat(e.getMessage()).startsWith("nothing could not be started: ");
    }

    @Test
    void anInterruptedWaitKillsTheProgramAndKeepsTheInterrupt() throws Exception {
        var pidFile = java.nio.file.Files.createTempFile("child-", ".pid");
        var stillInterrupted = new AtomicBoolean();
        var waiting = new CompletableFuture<ChildProcessException>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                shell("echo $$ > " + pidFile + "; sleep 300").run(Duration.ofMinutes(5));
                waiting.complete(null);
            } catch (ChildProcessException e) {
                stillInterrupted.set(Thread.currentThread().isInterrupted());
                waiting.complete(e);
            }
        });
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (java.nio.file.Files.size(pidFile) == 0 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        List<Long> shell = printedPids(java.nio.file.Files.readString(pidFile));
        t.interrupt();

        ChildProcessException e = waiting.get(20, TimeUnit.SECONDS);
        assertThat(e.kind()).isEqualTo(ChildProcessException.Kind.INTERRUPTED);
        assertThat(stillInterrupted).isTrue();
        assertThat(shell).hasSize(1);
        assertThat(allGone(shell)).isTrue();
        java.nio.file.Files.deleteIfExists(pidFile);
    }

    @Test
    void aStreamingProgramPastItsTimeIsStoppedByTheWatchdog() throws Exception {
        try (ChildProcess.Streaming s = shell("echo start; sleep 300").start(Duration.ofMillis(500))) {
            // the stream ends when the watchdog kills the program
            assertThat(new String(s.stdout().readAllBytes())).isEqualTo("start\n");
            assertThatThrownBy(() -> s.finish(Duration.ofSeconds(20)))
                    .isInstanceOfSatisfying(ChildProcessException.class,
                            e -> assertThat(e.kind()).isEqualTo(ChildProcessException.Kind.TIMED_OUT));
            assertThat(s.timedOut()).isTrue();
        }
    }

    @Test
    void aStreamingProgramThatFailsSaysWhyFromStandardError() throws Exception {
        try (ChildProcess.Streaming s = shell("echo 'Error: bad page' >&2; exit 2").start(Duration.ofSeconds(20))) {
            s.stdout().readAllBytes();
            ChildProcessException e = catchThrowableOfType(ChildProcessException.class,
                    () -> s.finish(Duration.ofSeconds(20)));
            assertThat(e.kind()).isEqualTo(ChildProcessException.Kind.FAILED);
            assertThat(e.exitCode()).isEqualTo(2);
            assertThat(e.stderr()).isEqualTo("Error: bad page\n");
        }
    }
}
