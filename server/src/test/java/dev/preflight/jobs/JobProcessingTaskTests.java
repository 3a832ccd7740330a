package dev.preflight.jobs;

import dev.preflight.support.DatabaseIndependent;
import com.github.kagkarlsson.scheduler.TaskRepository;
import com.github.kagkarlsson.scheduler.event.SchedulerListeners;
import com.github.kagkarlsson.scheduler.task.Execution;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dead node's job and a job handed back at a stop are due again in the place they had in the queue (the time
 * they were first due), not behind everything submitted since: db-scheduler's own revival makes them due "now".
 * db-scheduler's repository is replaced by one that records the reschedule it is asked for.
 */
@DatabaseIndependent
class JobProcessingTaskTests {

    /** The next execution times the handlers asked for. */
    private final List<Instant> rescheduledTo = new ArrayList<>();

    private final TaskRepository repository = (TaskRepository) Proxy.newProxyInstance(
            TaskRepository.class.getClassLoader(), new Class<?>[] {TaskRepository.class}, (proxy, method, args) -> {
                if (method.getName().equals("reschedule") && args.length == 5) {
                    rescheduledTo.add((Instant) args[1]);
                    return true;
                }
                throw new UnsupportedOperationException(method.getName());
            });

    private static Execution picked(Instant due) {
        var instance = new TaskInstance<>(JobProcessingTask.TASK.getTaskName(), "job-1", "tenant-1");
        return new Execution(due, instance, true, "dead-node", null, null, 0, due.plusMillis(5), 3);
    }

    @Test
    void aDeadNodesJobIsDueAgainAtTheTimeItWasFirstDue() {
        Instant due = Instant.now().minus(10, ChronoUnit.MINUTES);
        Execution execution = picked(due);
        new JobProcessingTask.ReviveInPlace().deadExecution(
                ExecutionComplete.failure(execution, Instant.now(), Instant.now(), null),
                new ExecutionOperations<>(repository, SchedulerListeners.NOOP, execution));
        assertThat(rescheduledTo).containsExactly(due);
    }

    @Test
    void aJobHandedBackAtAStopKeepsItsPlaceToo() {
        Instant due = Instant.now().minus(3, ChronoUnit.SECONDS);
        Execution execution = picked(due);
        new JobProcessingTask.HandBack().complete(ExecutionComplete.success(execution, Instant.now(), Instant.now()),
                new ExecutionOperations<>(repository, SchedulerListeners.NOOP, execution));
        assertThat(rescheduledTo).containsExactly(due);
    }

    @Test
    void workThatWasNotDueYetIsDueNowRatherThanLater() {
        Instant now = Instant.now();
        Execution execution = picked(now.plusSeconds(600));
        assertThat(JobProcessingTask.keptPlace(ExecutionComplete.success(execution, now, now), now)).isEqualTo(now);
    }
}
