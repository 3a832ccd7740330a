package dev.preflight.billing;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.preflight.tenancy.Plan;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Service;

import java.time.Duration;
import java.time.Instant;

/** A tenant's terms (plan defaults with the operator's overrides on top) and its current cycle. */
@Service
public class BillingService {

    /** Rate limiting reads terms on every request: a short cache keeps that off the database. */
    static final Duration RECENT = Duration.ofSeconds(5);
    /** A bound on the cache, far above the tenants active within {@link #RECENT}. */
    private static final long MAX_CACHED_TENANTS = 100_000;

    private final BillingRepository repository;
    private final BillingProperties properties;
    private final Cache<String, BillingRepository.Overrides> recent;

    @Autowired
    BillingService(BillingRepository repository, BillingProperties properties) {
        this(repository, properties, Ticker.systemTicker());
    }

    /** With the clock the cache's expiry reads (tests move it by hand). */
    BillingService(BillingRepository repository, BillingProperties properties, Ticker ticker) {
        this.repository = repository;
        this.properties = properties;
        this.recent = Caffeine.newBuilder().expireAfterWrite(RECENT).maximumSize(MAX_CACHED_TENANTS).ticker(ticker)
                .build();
    }

    /** The tenant's terms now, read from the database. */
    public BillingTerms terms(String tenantId, Plan plan) {
        var overrides = repository.overrides(tenantId);
        recent.put(tenantId, overrides);
        return overrides.over(properties.terms(plan));
    }

    /** The tenant's terms, at most {@link #RECENT} old (for per-request checks). */
    BillingTerms recentTerms(String tenantId, Plan plan) {
        return recent.get(tenantId, repository::overrides).over(properties.terms(plan));
    }

    /** The cycle the given instant falls in. */
    public BillingCycle cycle(Instant at) {
        return BillingCycle.at(at, properties.zone());
    }

    void forget(String tenantId) {
        recent.invalidate(tenantId);
    }
}
