package dev.preflight.billing;

import dev.preflight.support.ServerTestBase;
import dev.preflight.tenancy.Plan;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-request terms are cached for {@link BillingService#RECENT} after they were read (Caffeine, expire after
 * write), on a hand-moved ticker: no sleeps.
 */
class RecentTermsTests extends ServerTestBase {

    @Autowired
    BillingRepository repository;

    @Autowired
    BillingProperties properties;

    private final AtomicLong nanos = new AtomicLong();

    private void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
    }

    private static BillingRepository.Overrides perMinute(int n) {
        return new BillingRepository.Overrides(null, null, null, null, n);
    }

    @Test
    void aChangeShowsOnceTheCachedTermsAreRecentNoMore() {
        String tenant = newTenant("growth").tenantId();
        var billing = new BillingService(repository, properties, nanos::get);
        repository.saveOverrides(tenant, perMinute(7));
        assertThat(billing.recentTerms(tenant, Plan.GROWTH).requestsPerMinute()).isEqualTo(7);

        repository.saveOverrides(tenant, perMinute(9));
        advance(BillingService.RECENT.minusNanos(1));
        assertThat(billing.recentTerms(tenant, Plan.GROWTH).requestsPerMinute()).isEqualTo(7);

        advance(Duration.ofNanos(1));
        assertThat(billing.recentTerms(tenant, Plan.GROWTH).requestsPerMinute()).isEqualTo(9);
    }

    @Test
    void expiryCountsFromTheLastReadOfTheDatabaseNotFromTheLastUse() {
        String tenant = newTenant("growth").tenantId();
        var billing = new BillingService(repository, properties, nanos::get);
        repository.saveOverrides(tenant, perMinute(3));
        billing.recentTerms(tenant, Plan.GROWTH);

        repository.saveOverrides(tenant, perMinute(4));
        for (int i = 0; i < 4; i++) {
            advance(Duration.ofSeconds(1));
            assertThat(billing.recentTerms(tenant, Plan.GROWTH).requestsPerMinute()).isEqualTo(3);
        }
        advance(Duration.ofSeconds(1));
        assertThat(billing.recentTerms(tenant, Plan.GROWTH).requestsPerMinute()).isEqualTo(4);
    }

    @Test
    void termsReadsTheDatabaseAndRefreshesTheCacheAndForgetDropsIt() {
        String tenant = newTenant("growth").tenantId();
        var billing = new BillingService(repository, properties, nanos::get);
        repository.saveOverrides(tenant, perMinute(5));
        billing.recentTerms(tenant, Plan.GROWTH);

        repository.saveOverrides(tenant, perMinute(6));
        assertThat(billing.terms(tenant, Plan.GROWTH).requestsPerMinute()).isEqualTo(6);
        assertThat(billing.recentTerms(tenant, Plan.GROWTH).requestsPerMinute()).isEqualTo(6);

        repository.saveOverrides(tenant, perMinute(8));
        billing.forget(tenant);
        assertThat(billing.recentTerms(tenant, Plan.GROWTH).requestsPerMinute()).isEqualTo(8);
    }

    @Test
    void eachTenantHasItsOwnEntryAndThePlanIsAppliedOnEveryRead() {
        String a = newTenant("growth").tenantId();
        String b = newTenant("growth").tenantId();
        var billing = new BillingService(repository, properties, nanos::get);
        repository.saveOverrides(a, perMinute(11));

        assertThat(billing.recentTerms(a, Plan.GROWTH).requestsPerMinute()).isEqualTo(11);
        // No override: the plan's figure (the test profile sets every plan's to 1,000,000), read anew per plan.
        assertThat(billing.recentTerms(b, Plan.GROWTH)).isEqualTo(properties.terms(Plan.GROWTH));
        assertThat(billing.recentTerms(b, Plan.SCALE)).isEqualTo(properties.terms(Plan.SCALE));
    }
}
