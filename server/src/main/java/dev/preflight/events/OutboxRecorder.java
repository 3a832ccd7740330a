package dev.preflight.events;

import dev.preflight.platform.EventInterest;
import dev.preflight.platform.IntegrationEvent;
import dev.preflight.platform.Times;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Instant;

/**
 * Records every {@link IntegrationEvent} in the outbox, synchronously, inside the transaction that published it:
 * the outbox row and its dispatch are committed together with the change, or not at all when it rolls back. A
 * process that dies after the commit leaves both behind, and any node dispatches the event when it is due. An
 * event that nothing receives (no active webhook of its tenant subscribes to its type) is recorded already dispatched,
 * and no dispatch is scheduled for it.
 */
@Component
class OutboxRecorder {

    private final OutboxRepository outbox;
    private final EventScheduler scheduler;
    private final EventsProperties properties;
    private final TransactionTemplate transaction;
    private final ObjectProvider<EventInterest> interest;

    OutboxRecorder(OutboxRepository outbox, EventScheduler scheduler, EventsProperties properties,
                   PlatformTransactionManager transactions, ObjectProvider<EventInterest> interest) {
        this.outbox = outbox;
        this.scheduler = scheduler;
        this.properties = properties;
        this.transaction = new TransactionTemplate(transactions);
        this.interest = interest;
    }

    @EventListener
    void record(IntegrationEvent event) {
        RecordedEvent recorded = RecordedEvent.of(event);
        // Joins the publisher's transaction; a publisher without one gets a transaction of its own, so that the
        // row and its dispatch are never written apart.
        transaction.executeWithoutResult(status -> {
            if (interest.stream().noneMatch(i -> i.wanted(recorded.tenantId(), recorded.eventType()))) {
                // Nothing receives it: recorded as dispatched to nobody, with no dispatch to schedule and run.
                outbox.insertDispatched(recorded, Times.now());
                return;
            }
            outbox.insert(recorded);
            scheduler.schedule(DispatchTasks.DISPATCH.instance(recorded.eventId())
                    .scheduledTo(Instant.now().plus(properties.dispatchDelay())));
            scheduler.wakeAfterCommit();
        });
    }
}
