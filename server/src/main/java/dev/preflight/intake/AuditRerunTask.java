package dev.preflight.intake;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The db-scheduler task that runs audit reruns on the worker threads, never on a request thread. A rerun whose
 * worker dies is revived; past three attempts it fails with a reason. The service is injected lazily: it needs the
 * jobs API, which needs the scheduler, which needs this task.
 */
@Configuration
class AuditRerunTask {

    /** One execution per rerun: instance id = rerun id, data = tenant id. */
    static final TaskDescriptor<String> TASK = TaskDescriptor.of("audit-rerun", String.class);

    @Bean
    Task<String> runAuditRerun(ObjectProvider<AuditRerunService> service) {
        return Tasks.oneTime(TASK)
                .onDeadExecutionRevive()
                .onFailureRetryLater()
                .execute((instance, ctx) -> service.getObject().run(instance.getData(), instance.getId()));
    }
}
