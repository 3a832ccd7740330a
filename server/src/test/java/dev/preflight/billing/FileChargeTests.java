package dev.preflight.billing;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** What one counted file says about the pool: remaining, overage from the first file past the allowance, headers. */
@DatabaseIndependent
class FileChargeTests {

    private static final BillingCycle NOVEMBER = BillingCycle.at(Instant.parse("2026-11-15T12:00:00Z"), ZoneOffset.UTC);

    private static FileCharge charge(int limit, int used, long costCents) {
        return new FileCharge("t1", NOVEMBER, limit, used, 25, costCents, used > limit ? 25 : 0);
    }

    @Test
    void withinTheAllowanceTheHeadersSayLimitUsedAndRemainingOnly() {
        var c = charge(100, 40, 0);
        assertThat(c.remaining()).isEqualTo(60);
        assertThat(c.overage()).isFalse();
        assertThat(c.overageCount()).isZero();
        assertThat(c.headers()).containsExactly(entry("X-RateLimit-Limit", "100"), entry("X-RateLimit-Used", "40"),
                entry("X-RateLimit-Remaining", "60"));
    }

    @Test
    void theLastIncludedFileIsNotOverage() {
        var c = charge(100, 100, 0);
        assertThat(c.remaining()).isZero();
        assertThat(c.overage()).isFalse();
        assertThat(c.overageCount()).isZero();
        assertThat(c.headers()).containsEntry("X-RateLimit-Remaining", "0").doesNotContainKey("X-RateLimit-Overage");
    }

    @Test
    void theFirstFilePastTheAllowanceIsOverageWithItsCountRateAndCost() {
        var c = charge(100, 101, 25);
        assertThat(c.remaining()).isZero();
        assertThat(c.overage()).isTrue();
        assertThat(c.overageCount()).isEqualTo(1);
        assertThat(c.headers()).containsExactly(entry("X-RateLimit-Limit", "100"), entry("X-RateLimit-Used", "101"),
                entry("X-RateLimit-Remaining", "0"), entry("X-RateLimit-Overage", "true"),
                entry("X-RateLimit-Overage-Count", "1"), entry("X-RateLimit-Overage-Rate-Cents", "25"),
                entry("X-RateLimit-Overage-Cost-Cents", "25"));
    }

    @Test
    void overageCountGrowsWithEveryFilePastTheAllowance() {
        assertThat(charge(100, 137, 925).overageCount()).isEqualTo(37);
        assertThat(charge(100, 137, 925).headers()).containsEntry("X-RateLimit-Overage-Cost-Cents", "925");
    }

    @Test
    void aRefusedFilesHeadersShowAnEmptyPoolWithoutOverage() {
        assertThat(FileCharge.headers(10, 12, false, 0, 25, 0)).containsExactly(entry("X-RateLimit-Limit", "10"),
                entry("X-RateLimit-Used", "12"), entry("X-RateLimit-Remaining", "0"));
    }

    @Test
    void aCycleIsTheCalendarMonthInTheConfiguredZone() {
        var utc = BillingCycle.at(Instant.parse("2026-11-30T23:30:00Z"), ZoneOffset.UTC);
        assertThat(utc.key()).isEqualTo("2026-11");
        assertThat(utc.start()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        assertThat(utc.end()).isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));

        var berlin = BillingCycle.at(Instant.parse("2026-11-30T23:30:00Z"), ZoneId.of("Europe/Berlin"));
        assertThat(berlin.key()).isEqualTo("2026-12");
        assertThat(berlin.start()).isEqualTo(Instant.parse("2026-11-30T23:00:00Z"));
        assertThat(berlin.end()).isEqualTo(Instant.parse("2026-12-31T23:00:00Z"));
    }

    @Test
    void aiSpendingIsExhaustedAtTheCapNotBefore() {
        var below = new AiBudget.AiUsage(NOVEMBER, 499, 500);
        assertThat(below.exhausted()).isFalse();
        assertThat(below.remainingCents()).isEqualTo(1);
        var at = new AiBudget.AiUsage(NOVEMBER, 500, 500);
        assertThat(at.exhausted()).isTrue();
        assertThat(at.remainingCents()).isZero();
        var past = new AiBudget.AiUsage(NOVEMBER, 640, 500);
        assertThat(past.exhausted()).isTrue();
        assertThat(past.remainingCents()).isZero();
    }
}
