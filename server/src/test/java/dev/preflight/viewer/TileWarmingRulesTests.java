package dev.preflight.viewer;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

@DatabaseIndependent
class TileWarmingRulesTests {

    private static final Instant QUEUED = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void aWarmingIsOverdueOnceItWaitedTheLongestDeferral() {
        assertThat(TileWarming.overdue(QUEUED, QUEUED)).isFalse();
        assertThat(TileWarming.overdue(QUEUED.plus(TileWarming.MAX_DEFERRAL).minusMillis(1), QUEUED)).isFalse();
        assertThat(TileWarming.overdue(QUEUED.plus(TileWarming.MAX_DEFERRAL), QUEUED)).isTrue();
        assertThat(TileWarming.overdue(QUEUED, null)).as("queued before the time was recorded").isTrue();
    }

    @Test
    void aRunGivesItsWorkerBackWhenOverdueWhenItsSliceIsUsedOrWhenWorkStarted() {
        assertThat(TileWarming.handBack(false, false, true)).as("keep rendering").isFalse();
        assertThat(TileWarming.handBack(true, false, true)).as("overdue: one page per run").isTrue();
        assertThat(TileWarming.handBack(false, true, true)).as("slice used").isTrue();
        assertThat(TileWarming.handBack(false, false, false)).as("a job started").isTrue();
    }
}
