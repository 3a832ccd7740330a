package dev.preflight.viewer;

import dev.preflight.support.DatabaseIndependent;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.ServiceUnavailableException;
import dev.preflight.platform.UnprocessableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A document-wide computation runs once per key at a time on its own threads: requests that come while it runs wait
 * for it, a request that waits past its bound answers 409 while the computation goes on, a failure is answered and
 * not kept, and a full queue answers 503.
 */
@DatabaseIndependent
class DocumentWorkTests {

    private static final Duration LONG = Duration.ofSeconds(10);

    private final DocumentWork work = new DocumentWork();
    private final ExecutorService callers = Executors.newFixedThreadPool(2);
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger computations = new AtomicInteger();

    @AfterEach
    void stop() {
        release.countDown();
        callers.shutdownNow();
        work.destroy();
    }

    /** A computation that runs until released, then answers "facts". */
    private Callable<String> blocked() {
        return () -> {
            computations.incrementAndGet();
            release.await();
            return "facts";
        };
    }

    /** A request for the key on another thread, returned once it waits for the computation. */
    private Future<String> request(String key) throws InterruptedException {
        var thread = new AtomicReference<Thread>();
        var registered = new CountDownLatch(1);
        Future<String> f = callers.submit(() -> {
            thread.set(Thread.currentThread());
            registered.countDown();
            return work.await(key, blocked(), LONG, "The font list");
        });
        assertThat(registered.await(10, TimeUnit.SECONDS)).isTrue();
        Waiting.untilWaitingOnAFuture(thread.get());
        return f;
    }

    @Test
    void twoRequestsForOneKeyShareOneComputation() throws Exception {
        Future<String> a = request("inspection:job-1");
        Future<String> b = request("inspection:job-1");
        release.countDown();
        assertThat(a.get(10, TimeUnit.SECONDS)).isEqualTo("facts");
        assertThat(b.get(10, TimeUnit.SECONDS)).isEqualTo("facts");
        assertThat(computations).hasValue(1);
    }

    @Test
    void aRequestPastItsWaitAnswers409AndTheRetryJoinsTheSameComputation() throws Exception {
        assertThatThrownBy(() -> work.await("ink:job-1", blocked(), Duration.ofMillis(50), "The TAC summary of job 1"))
                .isInstanceOf(ConflictException.class)
                .hasMessage("The TAC summary of job 1 is still being computed; retry in a few seconds.");
        Future<String> retry = request("ink:job-1");
        release.countDown();
        assertThat(retry.get(10, TimeUnit.SECONDS)).isEqualTo("facts");
        assertThat(computations).hasValue(1);
    }

    @Test
    void aFailureIsAnsweredAndNotKept() {
        assertThatThrownBy(() -> work.await("inspection:job-1", () -> {
            throw new UnprocessableException("The document cannot be inspected: no pages");
        }, LONG, "The font list")).isInstanceOf(UnprocessableException.class)
                .hasMessage("The document cannot be inspected: no pages");
        assertThatThrownBy(() -> work.await("inspection:job-1", () -> {
            throw new java.io.IOException("disk gone");
        }, LONG, "The font list")).isInstanceOf(java.io.UncheckedIOException.class);
        assertThat(work.await("inspection:job-1", () -> "facts", LONG, "The font list")).isEqualTo("facts");
    }

    @Test
    void aResultIsNotKeptOnceItsComputationEnded() {
        assertThat(work.await("inspection:job-1", () -> "first", LONG, "The font list")).isEqualTo("first");
        assertThat(work.await("inspection:job-1", () -> "second", LONG, "The font list")).isEqualTo("second");
    }

    @Test
    void aFullQueueAnswers503() {
        // two threads and 256 queued computations, each of another job
        for (int i = 0; i < 2 + 256; i++) {
            String key = "inspection:job-" + i;
            assertThatThrownBy(() -> work.await(key, blocked(), Duration.ofMillis(1), "The font list"))
                    .isInstanceOf(ConflictException.class);
        }
        assertThatThrownBy(() -> work.await("inspection:one-more", blocked(), LONG, "The font list"))
                .isInstanceOf(ServiceUnavailableException.class)
                .hasMessage("Too many document computations are waiting; retry in a moment.");
        release.countDown();
    }
}
