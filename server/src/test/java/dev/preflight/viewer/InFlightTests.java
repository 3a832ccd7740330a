package dev.preflight.viewer;

import dev.preflight.support.DatabaseIndependent;
import dev.preflight.platform.UnprocessableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One render per key at a time: a caller that comes while another computes the same key waits for that result
 * instead of computing again; a failure reaches every waiter; neither a result nor a failure outlives the computation.
 */
@DatabaseIndependent
class InFlightTests {

    private final InFlight inFlight = new InFlight();
    private final ExecutorService callers = Executors.newFixedThreadPool(2);
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void stop() {
        release.countDown();
        callers.shutdownNow();
    }

    /** The first caller: computes the key until released, then answers (or throws) what {@code end} gives. */
    private Future<String> first(String key, AtomicInteger computations, java.util.function.Supplier<String> end)
            throws InterruptedException {
        var started = new CountDownLatch(1);
        Future<String> f = callers.submit(() -> inFlight.once(key, () -> {
            computations.incrementAndGet();
            started.countDown();
            awaitRelease();
            return end.get();
        }));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        return f;
    }

    /** A second caller of the key, returned once it waits on the first one's computation. */
    private Future<String> second(String key, AtomicInteger computations) throws InterruptedException {
        var thread = new AtomicReference<Thread>();
        var registered = new CountDownLatch(1);
        Future<String> f = callers.submit(() -> {
            thread.set(Thread.currentThread());
            registered.countDown();
            return inFlight.once(key, () -> {
                computations.incrementAndGet();
                return "computed again";
            });
        });
        assertThat(registered.await(10, TimeUnit.SECONDS)).isTrue();
        Waiting.untilWaitingOnAFuture(thread.get());
        return f;
    }

    private void awaitRelease() {
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void twoCallersOfOneKeyShareOneComputation() throws Exception {
        var computations = new AtomicInteger();
        Future<String> a = first("p1-d150", computations, () -> "rendered");
        Future<String> b = second("p1-d150", computations);
        release.countDown();
        assertThat(a.get(10, TimeUnit.SECONDS)).isEqualTo("rendered");
        assertThat(b.get(10, TimeUnit.SECONDS)).isEqualTo("rendered");
        assertThat(computations).hasValue(1);
    }

    @Test
    void aFailureReachesEveryWaiterAndIsNotKept() throws Exception {
        var computations = new AtomicInteger();
        var failure = new UnprocessableException("Page 1 cannot be rendered");
        Future<String> a = first("p1-d150", computations, () -> {
            throw failure;
        });
        Future<String> b = second("p1-d150", computations);
        release.countDown();
        for (Future<String> f : java.util.List.of(a, b)) {
            assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isSameAs(failure);
        }
        assertThat(computations).hasValue(1);
        assertThat(inFlight.once("p1-d150", () -> "rendered on retry")).isEqualTo("rendered on retry");
    }

    @Test
    void aResultIsNotKeptOnceItsComputationEnded() {
        assertThat(inFlight.once("p1-d150", () -> "first")).isEqualTo("first");
        assertThat(inFlight.once("p1-d150", () -> "second")).isEqualTo("second");
    }

    @Test
    void anotherKeyDoesNotWaitForARunningComputation() throws Exception {
        var computations = new AtomicInteger();
        Future<String> a = first("p1-d150", computations, () -> "page 1");
        assertThat(inFlight.once("p2-d150", () -> "page 2")).isEqualTo("page 2");
        assertThat(a).isNotDone();
        release.countDown();
        assertThat(a.get(10, TimeUnit.SECONDS)).isEqualTo("page 1");
    }
}
