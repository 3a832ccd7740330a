package dev.preflight.webhooks;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.DeadExecutionHandler;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import dev.preflight.events.EventTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

/**
 * The webhook work on the events scheduler: one execution per delivery, rescheduled to its next attempt while
 * retries remain; and the nightly retention sweep. A node killed mid-attempt leaves the execution to be revived,
 * so a receiver may see an attempt twice (it dedupes on {@code event_id}).
 */
@Configuration
class DeliveryTasks {

    private static final Logger log = LoggerFactory.getLogger(DeliveryTasks.class);

    @Bean
    EventTask deliverWebhookTask(DeliveryService deliveries) {
        return new EventTask(Tasks.custom(DeliveryService.DELIVER)
                .onDeadExecution(new DeadExecutionHandler.ReviveDeadExecution<>())
                .onFailure(new FailureHandler.OnFailureRetryLater<>(Duration.ofSeconds(30)))
                .execute((instance, ctx) -> {
                    DeliveryService.Next next = deliveries.attempt(instance.getId());
                    if (next.retryAt() == null) {
                        return new CompletionHandler.OnCompleteRemove<>();
                    }
                    return (complete, operations) -> operations.reschedule(complete, next.retryAt());
                }));
    }

    @Bean
    EventTask deliveryRetentionSweepTask(WebhookService webhooks) {
        return new EventTask(Tasks.recurring("webhook-retention-sweep", Schedules.cron("0 30 3 * * *", ZoneOffset.UTC))
                .execute((instance, ctx) -> {
                    int n = webhooks.sweepRetention(Instant.now());
                    if (n > 0) {
                        log.info("webhook retention sweep: removed {} deliveries", n);
                    }
                }));
    }
}
