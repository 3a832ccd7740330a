package dev.preflight.billing;

import dev.preflight.platform.ApiException;
import org.springframework.http.HttpStatus;

/**
 * 402 with {@code {detail, used_cents, monthly_cap_cents}} (spec: Errors 4): the tenant's monthly AI cost cap is
 * spent. Preflight and reports keep working; only AI features pause until the next cycle or a higher cap.
 */
public class AiCostCapExceededException extends ApiException {

    private final long usedCents;
    private final long monthlyCapCents;

    AiCostCapExceededException(long usedCents, long monthlyCapCents, BillingCycle cycle) {
        super(HttpStatus.PAYMENT_REQUIRED, "The monthly AI cost cap of this tenant is spent (" + usedCents + " of "
                + monthlyCapCents + " cents); AI features resume on " + cycle.end()
                + " or with a higher cap. Preflight and reports keep working.");
        this.usedCents = usedCents;
        this.monthlyCapCents = monthlyCapCents;
    }

    public long usedCents() {
        return usedCents;
    }

    public long monthlyCapCents() {
        return monthlyCapCents;
    }
}
