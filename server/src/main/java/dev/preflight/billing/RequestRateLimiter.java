package dev.preflight.billing;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.preflight.tenancy.Caller;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TokensInheritanceStrategy;
import org.springframework.stereotype.Component;

import java.time.Duration;

/**
 * Request rate limits per API key (Bucket4j token buckets): a key may burst up to its plan's requests per minute
 * and refills at that rate. On PostgreSQL the buckets are rows every node shares, so the rate holds for the whole
 * cluster; on the embedded H2 database (one node) they live in memory ({@link RateLimitBuckets}). Requests without
 * an API key (auth mode {@code none}) are not limited.
 */
@Component
class RequestRateLimiter {

    private final BillingService billing;
    private final BillingProperties properties;
    private final RateLimitBuckets buckets;
    /**
     * The per-minute rate this node last saw applied to each key's bucket. When it differs from the key's terms (they
     * changed, or this node has not used the key for a while), the stored bucket's configuration is replaced: a
     * higher limit adds its extra room at once, a lower one caps what is left. Replacing with the configuration the
     * bucket already has changes nothing, so nodes that notice a change one after the other agree.
     */
    private final Cache<String, Integer> applied = Caffeine.newBuilder()
            .expireAfterAccess(RateLimitBuckets.IDLE_UNTIL_FULL).build();

    RequestRateLimiter(BillingService billing, BillingProperties properties, RateLimitBuckets buckets) {
        this.billing = billing;
        this.properties = properties;
        this.buckets = buckets;
    }

    /** Takes one request from the caller's bucket; throws 429 when it is empty. */
    void admit(Caller caller) {
        if (caller.keyId() == null || !properties.rateLimits()) {
            return;
        }
        int perMinute = billing.recentTerms(caller.tenantId(), caller.plan()).requestsPerMinute();
        BucketConfiguration configuration = configuration(perMinute);
        Bucket bucket = buckets.bucket(caller.keyId(), () -> configuration);
        Integer last = applied.getIfPresent(caller.keyId());
        if (last == null || last != perMinute) {
            bucket.replaceConfiguration(configuration, TokensInheritanceStrategy.ADDITIVE);
            applied.put(caller.keyId(), perMinute);
        }
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            long seconds = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
            throw new RateLimitExceededException("Rate limit exceeded: this API key may send " + perMinute
                    + " requests per minute. Retry in " + seconds + " s.", seconds);
        }
    }

    static BucketConfiguration configuration(int perMinute) {
        return BucketConfiguration.builder().addLimit(Bandwidth.builder().capacity(perMinute)
                .refillGreedy(perMinute, Duration.ofMinutes(1)).build()).build();
    }
}
