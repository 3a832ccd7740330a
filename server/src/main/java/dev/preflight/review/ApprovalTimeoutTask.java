package dev.preflight.review;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The db-scheduler task that times out an approval step at its deadline. One execution per started step with a
 * timeout; the service decides on the chain's locked row whether it still applies. The service is injected lazily:
 * it needs the scheduler, which needs this task.
 */
@Configuration
class ApprovalTimeoutTask {

    /** Instance id = {@code <chain id>/<step index>}, data = tenant id. */
    static final TaskDescriptor<String> TASK = TaskDescriptor.of("approval-step-timeout", String.class);

    static String instanceId(String chainId, int stepIndex) {
        return chainId + "/" + stepIndex;
    }

    @Bean
    Task<String> approvalStepTimeout(ObjectProvider<ApprovalService> service) {
        return Tasks.oneTime(TASK)
                .onDeadExecutionRevive()
                .onFailureRetryLater()
                .execute((instance, ctx) -> {
                    String id = instance.getId();
                    int slash = id.lastIndexOf('/');
                    service.getObject().expire(instance.getData(), id.substring(0, slash),
                            Integer.parseInt(id.substring(slash + 1)));
                });
    }
}
