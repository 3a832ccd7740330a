package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.DeadExecutionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;
import java.time.Instant;

/**
 * The db-scheduler tasks of the jobs module. Processing runs on the scheduler's worker threads, never on a request
 * thread. A worker killed mid-job leaves a picked execution whose heartbeat stops; db-scheduler declares it dead
 * after the missed-heartbeat limit and revives it on a live node, and {@link JobProcessor} then either finishes the
 * job or, past the attempt limit, fails it with a reason. A job handed back by a stopping node is due again at once.
 * Revived and handed-back executions keep the time they were first due, so they go ahead of jobs submitted since
 * (lock-and-fetch takes the oldest due work first) instead of queueing behind them a second time.
 */
@Configuration
class JobProcessingTask {

    private static final Logger log = LoggerFactory.getLogger(JobProcessingTask.class);

    /** One execution per job: instance id = job id, data = tenant id. */
    static final TaskDescriptor<String> TASK = TaskDescriptor.of("process-job", String.class);

    @Bean
    Task<String> processJobTask(JobProcessor processor) {
        return Tasks.custom(TASK)
                .onDeadExecution(new ReviveInPlace())
                .onFailure(new FailureHandler.OnFailureRetryLater<>(Duration.ofMinutes(5)))
                .execute((instance, ctx) -> {
                    try {
                        processor.process(instance.getData(), instance.getId());
                        return new CompletionHandler.OnCompleteRemove<>();
                    } catch (JobProcessor.HandedBack e) {
                        // A stop, not a failure: one line, no stack trace, and no failure counted.
                        log.info("{}", e.getMessage());
                        return new HandBack();
                    }
                });
    }

    /** The time an execution was first due, or now if that lies ahead (it never does for a picked job). */
    static Instant keptPlace(ExecutionComplete complete, Instant now) {
        Instant due = complete.getExecution().executionTime;
        return due != null && due.isBefore(now) ? due : now;
    }

    /** A dead node's execution: due again, in the place it had in the queue. */
    static final class ReviveInPlace implements DeadExecutionHandler<String> {
        @Override
        public void deadExecution(ExecutionComplete complete, ExecutionOperations<String> operations) {
            log.info("job {}: its node stopped beating (last heartbeat {}); due again for any node",
                    complete.getExecution().taskInstance.getId(), complete.getExecution().lastHeartbeat);
            operations.reschedule(complete, keptPlace(complete, Instant.now()));
        }
    }

    /** A job broken off because this node stops: due again at once for another node, in its place. */
    static final class HandBack implements CompletionHandler<String> {
        @Override
        public void complete(ExecutionComplete complete, ExecutionOperations<String> operations) {
            operations.reschedule(complete, keptPlace(complete, Instant.now()));
        }
    }

    /** Fails jobs that have been queued far longer than any analysis may take and have no task left. */
    @Bean
    Task<Void> staleJobSweep(JobProcessor processor) {
        return Tasks.recurring("stale-job-sweep", FixedDelay.of(Duration.ofMinutes(1)))
                .execute((instance, ctx) -> processor.sweepStale());
    }
}
