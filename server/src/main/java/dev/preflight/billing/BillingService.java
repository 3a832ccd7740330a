package dev.preflight.billing;

import dev.preflight.tenancy.Plan;
import org.springframework.stereotype.Service;

import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/** A tenant's terms (plan defaults with the operator's overrides on top) and its current cycle. */
@Service
public class BillingService {

    /** Rate limiting reads terms on every request: a short cache keeps that off the database. */
    private static final long CACHE_NANOS = 5_000_000_000L;

    private final BillingRepository repository;
    private final BillingProperties properties;
    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(BillingRepository.Overrides overrides, long until) {
    }

    BillingService(BillingRepository repository, BillingProperties properties) {
        this.repository = repository;
        this.properties = properties;
    }

    /** The tenant's terms now, read from the database. */
    public BillingTerms terms(String tenantId, Plan plan) {
        var overrides = repository.overrides(tenantId);
        cache.put(tenantId, new Cached(overrides, System.nanoTime() + CACHE_NANOS));
        return overrides.over(properties.terms(plan));
    }

    /** The tenant's terms, at most a few seconds old (for per-request checks). */
    BillingTerms recentTerms(String tenantId, Plan plan) {
        Cached c = cache.get(tenantId);
        if (c == null || System.nanoTime() - c.until() > 0) {
            return terms(tenantId, plan);
        }
        return c.overrides().over(properties.terms(plan));
    }

    /** The cycle the given instant falls in. */
    public BillingCycle cycle(Instant at) {
        return BillingCycle.at(at, properties.zone());
    }

    void forget(String tenantId) {
        cache.remove(tenantId);
    }
}
