package dev.preflight.billing;

import dev.preflight.tenancy.Caller;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TokensInheritanceStrategy;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Request rate limits per API key (Bucket4j token buckets): a key may burst up to its plan's requests per minute
 * and refills at that rate. Buckets live in each node's memory, so on N nodes behind a load balancer a key gets up
 * to N times the rate; the per-minute figure is what one node enforces. Requests without an API key (auth mode
 * {@code none}) are not limited.
 */
@Component
class RequestRateLimiter {

    private record Limited(Bucket bucket, int perMinute) {
    }

    private final BillingService billing;
    private final BillingProperties properties;
    private final ConcurrentHashMap<String, Limited> buckets = new ConcurrentHashMap<>();

    RequestRateLimiter(BillingService billing, BillingProperties properties) {
        this.billing = billing;
        this.properties = properties;
    }

    /** Takes one request from the caller's bucket; throws 429 when it is empty. */
    void admit(Caller caller) {
        if (caller.keyId() == null || !properties.rateLimits()) {
            return;
        }
        int perMinute = billing.recentTerms(caller.tenantId(), caller.plan()).requestsPerMinute();
        Limited limited = buckets.compute(caller.keyId(), (key, current) -> {
            if (current == null) {
                return new Limited(Bucket.builder().addLimit(bandwidth(perMinute)).build(), perMinute);
            }
            if (current.perMinute() != perMinute) {
                // The plan or the tenant's terms changed: a higher limit adds its extra room at once, a lower one
                // caps what is left.
                current.bucket().replaceConfiguration(BucketConfiguration.builder().addLimit(bandwidth(perMinute))
                        .build(), TokensInheritanceStrategy.ADDITIVE);
                return new Limited(current.bucket(), perMinute);
            }
            return current;
        });
        ConsumptionProbe probe = limited.bucket().tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            long seconds = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
            throw new RateLimitExceededException("Rate limit exceeded: this API key may send " + perMinute
                    + " requests per minute. Retry in " + seconds + " s.", seconds);
        }
    }

    private static Bandwidth bandwidth(int perMinute) {
        return Bandwidth.builder().capacity(perMinute).refillGreedy(perMinute, Duration.ofMinutes(1)).build();
    }
}
