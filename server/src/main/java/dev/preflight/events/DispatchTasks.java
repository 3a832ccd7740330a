package dev.preflight.events;

import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import dev.preflight.platform.Times;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.time.Instant;

/**
 * Dispatch of recorded events to the {@link EventSubscriber}s, one execution per event (instance id = event id),
 * and the daily sweep of dispatched events out of the outbox. Dispatch and the outbox's "dispatched" mark commit
 * together; a dispatch interrupted before that runs again, and subscribers ignore what they already did.
 */
@Configuration
class DispatchTasks {

    private static final Logger log = LoggerFactory.getLogger(DispatchTasks.class);

    static final TaskDescriptor<Void> DISPATCH = TaskDescriptor.of("dispatch-event");

    @Bean
    EventTask dispatchEventTask(OutboxRepository outbox, ObjectProvider<EventSubscriber> subscribers,
                                EventScheduler scheduler, PlatformTransactionManager transactions) {
        var transaction = new TransactionTemplate(transactions);
        return new EventTask(Tasks.oneTime(DISPATCH)
                .onDeadExecutionRevive()
                .onFailure(new FailureHandler.ExponentialBackoffFailureHandler<>(Duration.ofSeconds(2), 2.0))
                .execute((instance, ctx) -> transaction.executeWithoutResult(status ->
                        outbox.undispatched(instance.getId()).ifPresent(event -> {
                            subscribers.orderedStream().forEach(s -> s.dispatch(event));
                            outbox.markDispatched(event.eventId(), Times.now());
                            scheduler.wakeAfterCommit();
                        }))));
    }

    @Bean
    EventTask outboxSweepTask(OutboxRepository outbox, EventsProperties properties) {
        return new EventTask(Tasks.recurring("outbox-sweep", Schedules.cron("0 15 3 * * *", java.time.ZoneOffset.UTC))
                .execute((instance, ctx) -> {
                    int n = outbox.deleteDispatchedBefore(Instant.now().minus(properties.outboxRetention()));
                    if (n > 0) {
                        log.info("outbox sweep: removed {} dispatched events", n);
                    }
                }));
    }
}
