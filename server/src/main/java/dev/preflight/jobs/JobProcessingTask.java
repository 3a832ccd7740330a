package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;

/**
 * The db-scheduler tasks of the jobs module. Processing runs on the scheduler's worker threads, never on a request
 * thread. A worker killed mid-job leaves a picked execution whose heartbeat stops; db-scheduler declares it dead
 * after the missed-heartbeat limit and revives it on a live node, and {@link JobProcessor} then either finishes the
 * job or, past the attempt limit, fails it with a reason.
 */
@Configuration
class JobProcessingTask {

    /** One execution per job: instance id = job id, data = tenant id. */
    static final TaskDescriptor<String> TASK = TaskDescriptor.of("process-job", String.class);

    @Bean
    Task<String> processJobTask(JobProcessor processor) {
        return Tasks.oneTime(TASK)
                .onDeadExecutionRevive()
                .onFailureRetryLater()
                .execute((instance, ctx) -> processor.process(instance.getData(), instance.getId()));
    }

    /** Fails jobs that have been queued far longer than any analysis may take and have no task left. */
    @Bean
    Task<Void> staleJobSweep(JobProcessor processor) {
        return Tasks.recurring("stale-job-sweep", FixedDelay.of(Duration.ofMinutes(1)))
                .execute((instance, ctx) -> processor.sweepStale());
    }
}
