package dev.preflight.tenancy;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Who a request is, kept for one second: the caller of an API key (by the key's hash) and, in auth mode none, the
 * built-in tenant's caller. Every request used to read them from the database, a tenth of a job read's time. A change
 * made on this node (a key revoked or rotated, a plan changed: {@link TenantRepository}'s writes) forgets everything
 * at once; one made on another node is seen here within the second. A key's expiry is checked on every use.
 */
@Component
class CallerCache {

    static final Duration TTL = Duration.ofSeconds(1);

    private final Cache<String, TenantRepository.KeyUse> keys;
    private final Cache<String, Caller> tenants;

    CallerCache() {
        this(Ticker.systemTicker());
    }

    /** With a clock of the test's. */
    CallerCache(Ticker ticker) {
        keys = Caffeine.newBuilder().ticker(ticker).maximumSize(10_000).expireAfterWrite(TTL).build();
        tenants = Caffeine.newBuilder().ticker(ticker).maximumSize(16).expireAfterWrite(TTL).build();
    }

    TenantRepository.@Nullable KeyUse key(String hash) {
        return keys.getIfPresent(hash);
    }

    void keep(String hash, TenantRepository.KeyUse use) {
        keys.put(hash, use);
    }

    Caller tenant(String tenantId, Supplier<Caller> read) {
        return tenants.get(tenantId, id -> read.get());
    }

    /**
     * Forgets every kept caller: something that decides who a caller is is changing. Done again when the
     * transaction making the change ends, so that nothing read before it commits stays kept.
     */
    void forgetAll() {
        clear();
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    clear();
                }
            });
        }
    }

    private void clear() {
        keys.invalidateAll();
        tenants.invalidateAll();
    }
}
