package dev.preflight.jobs;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@DatabaseIndependent
class JobSignalsTests {

    private final JobSignals signals = new JobSignals();

    private static long millis(Runnable r) {
        long t = System.nanoTime();
        r.run();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t);
    }

    @Test
    void aWaiterIsWokenWhenItsJobFinishes() throws Exception {
        var waited = CompletableFuture.supplyAsync(() -> millis(() -> signals.await("a",
                Duration.ofSeconds(30).toNanos())));
        Thread.sleep(100);
        signals.finished("a");
        assertThat(waited.get(10, TimeUnit.SECONDS)).isLessThan(10_000);
    }

    @Test
    void aJobThatFinishedBeforeItsWaiterBeganDoesNotMakeItWaitThroughThePollInterval() {
        signals.finished("b");
        assertThat(millis(() -> signals.await("b", Duration.ofSeconds(30).toNanos()))).isLessThan(10_000);
    }

    @Test
    void theEarlyFinishWakesOneWaitOnlySoAJobHandedBackIsWaitedForAgain() {
        signals.finished("c");
        signals.await("c", Duration.ofSeconds(30).toNanos());
        assertThat(millis(() -> signals.await("c", Duration.ofMillis(300).toNanos()))).isGreaterThanOrEqualTo(250);
    }

    @Test
    void anotherJobsFinishWakesNobody() {
        signals.finished("d");
        assertThat(millis(() -> signals.await("e", Duration.ofMillis(300).toNanos()))).isGreaterThanOrEqualTo(250);
    }
}
