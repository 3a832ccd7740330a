package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;
import java.time.Instant;

/**
 * The db-scheduler tasks of the jobs module. Processing runs on the scheduler's worker threads, never on a request
 * thread. A worker killed mid-job leaves a picked execution whose heartbeat stops; db-scheduler declares it dead
 * after the missed-heartbeat limit and revives it on a live node, and {@link JobProcessor} then either finishes the
 * job or, past the attempt limit, fails it with a reason. A job handed back by a stopping node is due again at once.
 */
@Configuration
class JobProcessingTask {

    /** One execution per job: instance id = job id, data = tenant id. */
    static final TaskDescriptor<String> TASK = TaskDescriptor.of("process-job", String.class);

    @Bean
    Task<String> processJobTask(JobProcessor processor) {
        return Tasks.oneTime(TASK)
                .onDeadExecutionRevive()
                .onFailure(new HandBackOrRetryLater())
                .execute((instance, ctx) -> processor.process(instance.getData(), instance.getId()));
    }

    /**
     * Failures: a job handed back by a stopping node is due again now (another node takes it on its next poll);
     * anything else is retried five minutes later, as db-scheduler's default.
     */
    static final class HandBackOrRetryLater implements FailureHandler<String> {

        private final FailureHandler<String> later = new FailureHandler.OnFailureRetryLater<>(Duration.ofMinutes(5));

        @Override
        public void onFailure(ExecutionComplete complete, ExecutionOperations<String> operations) {
            if (complete.getCause().filter(JobProcessor.HandedBack.class::isInstance).isPresent()) {
                operations.reschedule(complete, Instant.now());
            } else {
                later.onFailure(complete, operations);
            }
        }
    }

    /** Fails jobs that have been queued far longer than any analysis may take and have no task left. */
    @Bean
    Task<Void> staleJobSweep(JobProcessor processor) {
        return Tasks.recurring("stale-job-sweep", FixedDelay.of(Duration.ofMinutes(1)))
                .execute((instance, ctx) -> processor.sweepStale());
    }
}
