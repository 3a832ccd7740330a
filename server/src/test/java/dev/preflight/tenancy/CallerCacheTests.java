package dev.preflight.tenancy;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

@DatabaseIndependent
class CallerCacheTests {

    private final AtomicLong nanos = new AtomicLong();
    private final CallerCache cache = new CallerCache(nanos::get);
    private final Caller caller = new Caller("t1", Plan.GROWTH, Set.of(Permission.JOBS), "k1");

    @AfterEach
    void endSynchronization() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.clearSynchronization();
        }
    }

    @Test
    void aKeysCallerIsKeptForOneSecondFromWhenItWasRead() {
        cache.keep("h", new TenantRepository.KeyUse(caller, null, null));
        nanos.addAndGet(Duration.ofMillis(999).toNanos());
        assertThat(cache.key("h")).isNotNull();
        assertThat(cache.key("h").caller()).isEqualTo(caller);
        nanos.addAndGet(Duration.ofMillis(1).toNanos());
        assertThat(cache.key("h")).isNull();
    }

    @Test
    void theBuiltInTenantIsReadOncePerSecond() {
        var reads = new AtomicInteger();
        cache.tenant("t1", () -> { reads.incrementAndGet(); return caller; });
        nanos.addAndGet(Duration.ofMillis(500).toNanos());
        assertThat(cache.tenant("t1", () -> { reads.incrementAndGet(); return caller; })).isEqualTo(caller);
        assertThat(reads).hasValue(1);
        nanos.addAndGet(Duration.ofMillis(500).toNanos());
        cache.tenant("t1", () -> { reads.incrementAndGet(); return caller; });
        assertThat(reads).hasValue(2);
    }

    @Test
    void aChangeForgetsEverythingAtOnceAndAgainWhenItsTransactionEnds() {
        cache.keep("h", new TenantRepository.KeyUse(caller, null, null));
        cache.tenant("t1", () -> caller);
        TransactionSynchronizationManager.initSynchronization();
        cache.forgetAll();
        assertThat(cache.key("h")).isNull();
        // read again by another request before the change committed: the old state
        cache.keep("h", new TenantRepository.KeyUse(caller, null, null));
        var reads = new AtomicInteger();
        cache.tenant("t1", () -> { reads.incrementAndGet(); return caller; });
        for (TransactionSynchronization s : TransactionSynchronizationManager.getSynchronizations()) {
            s.afterCompletion(TransactionSynchronization.STATUS_COMMITTED);
        }
        assertThat(cache.key("h")).isNull();
        cache.tenant("t1", () -> { reads.incrementAndGet(); return caller; });
        assertThat(reads).hasValue(2);
    }

    @Test
    void aKeyIsActiveUntilItsExpiryAndMarkedUsedWithoutLosingIt() {
        Instant at = Instant.parse("2026-11-29T12:00:00Z");
        var use = new TenantRepository.KeyUse(caller, at, null);
        assertThat(use.activeAt(at.minusMillis(1))).isTrue();
        assertThat(use.activeAt(at)).isFalse();
        assertThat(new TenantRepository.KeyUse(caller, null, null).activeAt(at)).isTrue();
        var used = use.usedAt(at.minusSeconds(5));
        assertThat(used.lastUsedAt()).isEqualTo(at.minusSeconds(5));
        assertThat(used.expiresAt()).isEqualTo(at);
        assertThat(used.caller()).isEqualTo(caller);
    }
}
