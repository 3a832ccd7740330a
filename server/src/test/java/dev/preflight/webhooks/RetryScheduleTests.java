package dev.preflight.webhooks;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The delay before each retry of a failed delivery: doubling from the base, capped, Retry-After honoured. */
@DatabaseIndependent
class RetryScheduleTests {

    private static Webhook webhook(int baseSeconds, int maxSeconds) {
        return new Webhook("w1", "t1", "https://receiver.test/hook", List.of(), true, null, baseSeconds, maxSeconds,
                null, Map.of(), "secret", null, null, Instant.EPOCH, null);
    }

    @Test
    void doublesFromTheBaseDelayUntilTheMaximum() {
        var w = webhook(10, 300);
        assertThat(RetrySchedule.delaySeconds(w, 0, null)).isEqualTo(10);
        assertThat(RetrySchedule.delaySeconds(w, 1, null)).isEqualTo(20);
        assertThat(RetrySchedule.delaySeconds(w, 2, null)).isEqualTo(40);
        assertThat(RetrySchedule.delaySeconds(w, 4, null)).isEqualTo(160);
        assertThat(RetrySchedule.delaySeconds(w, 5, null)).isEqualTo(300);
        assertThat(RetrySchedule.delaySeconds(w, 30, null)).isEqualTo(300);
    }

    @Test
    void aLongerRetryAfterThanTheBackoffWins() {
        assertThat(RetrySchedule.delaySeconds(webhook(10, 300), 0, 90L)).isEqualTo(90);
    }

    @Test
    void aShorterRetryAfterThanTheBackoffIsIgnored() {
        assertThat(RetrySchedule.delaySeconds(webhook(10, 300), 2, 5L)).isEqualTo(40);
    }

    @Test
    void retryAfterIsCappedAtTheMaximumDelay() {
        assertThat(RetrySchedule.delaySeconds(webhook(10, 300), 0, 10_000L)).isEqualTo(300);
    }

    @Test
    void theDoublingStopsAtTwoToTheFortieth() {
        var w = webhook(1, Integer.MAX_VALUE);
        assertThat(RetrySchedule.delaySeconds(w, 40, null)).isEqualTo(Integer.MAX_VALUE);
        var zeroBase = webhook(0, 500);
        assertThat(RetrySchedule.delaySeconds(zeroBase, 41, null)).isZero();
    }

    @Test
    void fromTheSixtySecondRetryOnTheMaximumIsWaitedWhateverTheBase() {
        var zeroBase = webhook(0, 500);
        assertThat(RetrySchedule.delaySeconds(zeroBase, 61, null)).isZero();
        assertThat(RetrySchedule.delaySeconds(zeroBase, 62, null)).isEqualTo(500);
        assertThat(RetrySchedule.delaySeconds(zeroBase, 1000, null)).isEqualTo(500);
    }

    @Test
    void neverNegative() {
        assertThat(RetrySchedule.delaySeconds(webhook(-5, 300), 0, null)).isZero();
        assertThat(RetrySchedule.delaySeconds(webhook(10, -1), 62, -7L)).isZero();
    }
}
