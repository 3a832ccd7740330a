package dev.preflight.billing;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Instant;

/**
 * The monthly AI cost cap of each tenant, for the AI module: {@link #requireAvailable} before calling a model
 * (402 with {@link AiCostCapResponse} when the cap is spent), {@link #charge} with what the call cost. Spending is
 * kept in thousandths of a cent, so fractional per-call costs add up exactly; the API reports whole cents.
 */
@Service
public class AiBudget {

    private final BillingRepository repository;
    private final BillingService billing;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final TransactionTemplate separate;

    AiBudget(BillingRepository repository, BillingService billing, ApplicationEventPublisher events,
             PlatformTransactionManager transactions) {
        this.repository = repository;
        this.billing = billing;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.separate = new TransactionTemplate(transactions);
        this.separate.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    }

    /**
     * This cycle's AI spending of a tenant.
     *
     * @param usedCents       spent so far, whole cents rounded up
     * @param monthlyCapCents the cap
     */
    public record AiUsage(BillingCycle cycle, long usedCents, long monthlyCapCents) {
        public boolean exhausted() {
            return usedCents >= monthlyCapCents;
        }

        public long remainingCents() {
            return Math.max(0, monthlyCapCents - usedCents);
        }
    }

    public AiUsage usage(String tenantId, dev.preflight.tenancy.Plan plan) {
        BillingCycle cycle = billing.cycle(Instant.now());
        long cap = billing.terms(tenantId, plan).aiMonthlyCapCents();
        return new AiUsage(cycle, cents(repository.usage(tenantId, cycle.key()).aiUsedMillicents()), cap);
    }

    /** Throws 402 ({@link AiCostCapExceededException}) when the tenant's monthly AI cost cap is spent. */
    public void requireAvailable(String tenantId, dev.preflight.tenancy.Plan plan) {
        AiUsage u = usage(tenantId, plan);
        if (u.exhausted()) {
            throw new AiCostCapExceededException(u.usedCents(), u.monthlyCapCents(), u.cycle());
        }
    }

    /**
     * Adds the cost of one AI call. Publishes {@code billing.ai_credits.low} when this charge takes the remaining
     * budget from above 10 % of the cap to 10 % or below, and {@code billing.ai_credits.exhausted} when it reaches
     * the cap; each once per crossing.
     */
    public AiUsage charge(String tenantId, dev.preflight.tenancy.Plan plan, double costCents) {
        if (!(costCents >= 0) || Double.isInfinite(costCents)) {
            throw new IllegalArgumentException("an AI cost must be a non-negative number of cents, not " + costCents);
        }
        BillingCycle cycle = billing.cycle(Instant.now());
        long cap = billing.terms(tenantId, plan).aiMonthlyCapCents();
        long milli = Math.round(costCents * 1000);
        separate.executeWithoutResult(s -> repository.ensureUsage(tenantId, cycle.key()));
        return transaction.execute(status -> {
            repository.chargeAi(tenantId, cycle.key(), milli);
            long after = repository.usage(tenantId, cycle.key()).aiUsedMillicents();
            long before = after - milli;
            long capMilli = cap * 1000;
            if ((capMilli - before) * 10 > capMilli && (capMilli - after) * 10 <= capMilli) {
                events.publishEvent(new BillingEvents.AiCreditsLow(tenantId, cycle, cap, cents(after)));
            }
            if (before < capMilli && after >= capMilli) {
                events.publishEvent(new BillingEvents.AiCreditsExhausted(tenantId, cycle, cap, cents(after)));
            }
            return new AiUsage(cycle, cents(after), cap);
        });
    }

    private static long cents(long millicents) {
        return (millicents + 999) / 1000;
    }
}
