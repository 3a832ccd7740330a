package dev.preflight.events;

import dev.preflight.platform.IntegrationEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Instant;

/**
 * Records every {@link IntegrationEvent} in the outbox, synchronously, inside the transaction that published it:
 * the outbox row and its dispatch are committed together with the change, or not at all when it rolls back. A
 * process that dies after the commit leaves both behind, and any node dispatches the event when it is due.
 */
@Component
class OutboxRecorder {

    private final OutboxRepository outbox;
    private final EventScheduler scheduler;
    private final EventsProperties properties;
    private final TransactionTemplate transaction;

    OutboxRecorder(OutboxRepository outbox, EventScheduler scheduler, EventsProperties properties,
                   PlatformTransactionManager transactions) {
        this.outbox = outbox;
        this.scheduler = scheduler;
        this.properties = properties;
        this.transaction = new TransactionTemplate(transactions);
    }

    @EventListener
    void record(IntegrationEvent event) {
        RecordedEvent recorded = RecordedEvent.of(event);
        // Joins the publisher's transaction; a publisher without one gets a transaction of its own, so that the
        // row and its dispatch are never written apart.
        transaction.executeWithoutResult(status -> {
            outbox.insert(recorded);
            scheduler.schedule(DispatchTasks.DISPATCH.instance(recorded.eventId())
                    .scheduledTo(Instant.now().plus(properties.dispatchDelay())));
            scheduler.wakeAfterCommit();
        });
    }
}
