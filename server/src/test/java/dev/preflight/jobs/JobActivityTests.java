package dev.preflight.jobs;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

@DatabaseIndependent
class JobActivityTests {

    private final AtomicLong now = new AtomicLong(1_000_000_000_000L);
    private final JobActivity activity = new JobActivity(now::get);

    private void advance(Duration d) {
        now.addAndGet(d.toNanos());
    }

    @Test
    void aNodeThatNeverWorkedIsQuiet() {
        assertThat(activity.quietFor(Duration.ofSeconds(10))).isTrue();
    }

    @Test
    void busyWhileWorkRunsAndForTheQuietPeriodAfterItEnds() {
        var busy = activity.begin();
        advance(Duration.ofSeconds(5));
        assertThat(activity.quietFor(Duration.ZERO)).as("running").isFalse();
        busy.close();
        assertThat(activity.quietFor(Duration.ZERO)).isTrue();
        assertThat(activity.quietFor(Duration.ofMillis(500))).as("just ended").isFalse();
        advance(Duration.ofMillis(499));
        assertThat(activity.quietFor(Duration.ofMillis(500))).isFalse();
        advance(Duration.ofMillis(1));
        assertThat(activity.quietFor(Duration.ofMillis(500))).isTrue();
    }

    @Test
    void overlappingWorkKeepsTheNodeBusyUntilTheLastEnds() {
        var first = activity.begin();
        var second = activity.begin();
        first.close();
        advance(Duration.ofSeconds(1));
        assertThat(activity.quietFor(Duration.ZERO)).isFalse();
        second.close();
        assertThat(activity.quietFor(Duration.ZERO)).isTrue();
    }

    @Test
    void closingTwiceCountsOnce() {
        var first = activity.begin();
        var second = activity.begin();
        first.close();
        first.close();
        assertThat(activity.quietFor(Duration.ZERO)).as("the second is still running").isFalse();
        second.close();
        assertThat(activity.quietFor(Duration.ZERO)).isTrue();
    }
}
