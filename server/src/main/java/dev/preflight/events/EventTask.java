package dev.preflight.events;

import com.github.kagkarlsson.scheduler.task.Task;

/**
 * A db-scheduler task that runs on the events scheduler (table {@code event_tasks}) instead of the job workers'.
 * Declare one as a bean; recurring tasks are started with the scheduler.
 */
public record EventTask(Task<?> task) {
}
