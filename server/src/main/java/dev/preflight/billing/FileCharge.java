package dev.preflight.billing;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One file counted against a tenant's pool, and the pool right after it: what the submit response's headers say
 * (spec: Limits).
 *
 * @param limit            files included in the cycle
 * @param used             files consumed this cycle, this one included
 * @param overageRateCents price of one file past the allowance
 * @param overageCostCents overage accrued this cycle
 * @param chargedCents     what this file added to the overage cost (0 within the allowance)
 */
public record FileCharge(String tenantId, BillingCycle cycle, int limit, int used, int overageRateCents,
                         long overageCostCents, long chargedCents) {

    public int remaining() {
        return Math.max(0, limit - used);
    }

    /** True once the included allowance is exceeded. */
    public boolean overage() {
        return used > limit;
    }

    public int overageCount() {
        return Math.max(0, used - limit);
    }

    /**
     * {@code X-RateLimit-Limit}, {@code -Used}, {@code -Remaining}; past the allowance also {@code X-RateLimit-Overage}
     * ({@code true}), {@code -Overage-Count}, {@code -Overage-Rate-Cents} and {@code -Overage-Cost-Cents}.
     */
    public Map<String, String> headers() {
        return headers(limit, used, overage(), overageCount(), overageRateCents, overageCostCents);
    }

    static Map<String, String> headers(int limit, int used, boolean overage, int overageCount, int rateCents,
                                       long costCents) {
        var h = new LinkedHashMap<String, String>();
        h.put("X-RateLimit-Limit", Integer.toString(limit));
        h.put("X-RateLimit-Used", Integer.toString(used));
        h.put("X-RateLimit-Remaining", Integer.toString(Math.max(0, limit - used)));
        if (overage) {
            h.put("X-RateLimit-Overage", "true");
            h.put("X-RateLimit-Overage-Count", Integer.toString(overageCount));
            h.put("X-RateLimit-Overage-Rate-Cents", Integer.toString(rateCents));
            h.put("X-RateLimit-Overage-Cost-Cents", Long.toString(costCents));
        }
        return h;
    }
}
