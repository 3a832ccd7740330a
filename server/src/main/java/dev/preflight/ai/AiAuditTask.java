package dev.preflight.ai;

import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;

/**
 * The db-scheduler task that audits a completed job's findings on the worker threads. Findings already audited are
 * skipped, so a retry (the provider failed; three retries, one, two and four minutes apart) or a revived execution
 * repeats no call.
 */
@Configuration
class AiAuditTask {

    /** One execution per job: instance id = job id, data = tenant id. */
    static final TaskDescriptor<String> TASK = TaskDescriptor.of("ai-audit", String.class);

    @Bean
    Task<String> runAiAudit(ObjectProvider<AiAudits> audits) {
        return Tasks.oneTime(TASK)
                .onDeadExecutionRevive()
                .onFailure(new FailureHandler.MaxRetriesFailureHandler<>(3,
                        new FailureHandler.ExponentialBackoffFailureHandler<>(Duration.ofMinutes(1), 2.0)))
                .execute((instance, ctx) -> audits.getObject().audit(instance.getData(), instance.getId()));
    }
}
