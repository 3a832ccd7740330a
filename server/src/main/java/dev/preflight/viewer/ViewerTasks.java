package dev.preflight.viewer;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.DeadExecutionHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Instant;

/**
 * The viewer's db-scheduler tasks. Tile warming runs in short slices, rescheduling itself until every page is
 * tried ({@link TileWarming}). Both run on the scheduler's worker threads (their renders on the render
 * workers), survive a node's death (revived on another node) and are idempotent. Their handlers are injected lazily:
 * the scheduler is built from the tasks, and the handlers reach the jobs module, which needs the scheduler.
 */
@Configuration
class ViewerTasks {

    /** Tile warming of one job: instance id = job id, data = tenant id. */
    static final TaskDescriptor<String> WARM = TaskDescriptor.of("viewer-tile-warming", String.class);

    /** One capability fill: instance id = task id, data = tenant/job/capability. */
    static final TaskDescriptor<String> FILL = TaskDescriptor.of("viewer-capability-fill", String.class);

    @Bean
    Task<String> viewerTileWarmingTask(ObjectProvider<TileWarming> warming) {
        return Tasks.custom(WARM)
                .onDeadExecution(new DeadExecutionHandler.ReviveDeadExecution<>())
                .execute((instance, ctx) -> {
                    Instant next = warming.getObject().run(instance.getData(), instance.getId());
                    return next == null ? new CompletionHandler.OnCompleteRemove<>()
                            : (complete, operations) -> operations.reschedule(complete, next);
                });
    }

    @Bean
    Task<String> viewerCapabilityFillTask(ObjectProvider<CapabilityService> capabilities) {
        return Tasks.oneTime(FILL)
                .onDeadExecutionRevive()
                .execute((instance, ctx) -> capabilities.getObject().run(instance.getId(), instance.getData()));
    }
}
