package dev.preflight.billing;

import dev.preflight.tenancy.Caller;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Instant;

/**
 * The monthly file pool every submission is counted against ({@code POST /api/v1/jobs}, the vanity submit). Call
 * {@link #charge} once a submission is valid and before anything is stored, put {@link FileCharge#headers()} on the
 * response, and {@link #refund} the charge if the submission then fails. Counting is a conditional UPDATE in the
 * database, exact under any number of concurrent submits on any number of nodes.
 */
@Service
public class FilePool {

    private final BillingRepository repository;
    private final BillingService billing;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final TransactionTemplate separate;

    FilePool(BillingRepository repository, BillingService billing, ApplicationEventPublisher events,
             PlatformTransactionManager transactions) {
        this.repository = repository;
        this.billing = billing;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.separate = new TransactionTemplate(transactions);
        this.separate.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    }

    /**
     * Counts one file for the caller's tenant. Within the allowance, or past it with overage on, returns the charge;
     * publishes {@code billing.file_quota.low} when this file takes the pool from above 10 % remaining to 10 % or
     * below.
     *
     * @throws FileQuotaExhaustedException 402 when the pool is empty and overage is off (publishes
     *                                     {@code billing.file_quota.exhausted}); the exception carries the headers
     */
    public FileCharge charge(Caller caller) {
        BillingTerms terms = billing.terms(caller.tenantId(), caller.plan());
        BillingCycle cycle = billing.cycle(Instant.now());
        separate.executeWithoutResult(s -> repository.ensureUsage(caller.tenantId(), cycle.key()));
        int included = terms.includedFiles();
        Integer limit = terms.overageEnabled() ? null : included;
        FileCharge charge = transaction.execute(status -> {
            if (!repository.chargeFile(caller.tenantId(), cycle.key(), limit, included, terms.overageRateCents())) {
                var usage = repository.usage(caller.tenantId(), cycle.key());
                events.publishEvent(new BillingEvents.FileQuotaExhausted(caller.tenantId(), cycle, included,
                        usage.filesUsed()));
                return null;
            }
            // The UPDATE holds the row lock until commit: this read sees exactly our own increment.
            var usage = repository.usage(caller.tenantId(), cycle.key());
            int used = usage.filesUsed();
            long remainingBefore = (long) included - (used - 1);
            long remainingAfter = (long) included - used;
            if (remainingBefore * 10 > included && remainingAfter * 10 <= included) {
                events.publishEvent(new BillingEvents.FileQuotaLow(caller.tenantId(), cycle, included, used));
            }
            long charged = used > included ? terms.overageRateCents() : 0;
            return new FileCharge(caller.tenantId(), cycle, included, used, terms.overageRateCents(),
                    usage.overageCostCents(), charged);
        });
        if (charge == null) {
            throw new FileQuotaExhaustedException("The monthly file pool of this tenant is used up (" + included
                    + " files included in the cycle that started " + cycle.start()
                    + ") and overage is off; the pool refills on " + cycle.end() + ", or ask for a larger allowance.",
                    FileCharge.headers(included, repository.usage(caller.tenantId(), cycle.key()).filesUsed(), false,
                            0, terms.overageRateCents(), 0));
        }
        return charge;
    }

    /** Takes a charge back: the submission it was made for failed before it was stored. */
    public void refund(FileCharge charge) {
        transaction.executeWithoutResult(s -> repository.refundFile(charge.tenantId(), charge.cycle().key(),
                charge.chargedCents()));
    }
}
