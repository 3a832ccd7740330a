package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.PollingStrategyConfig;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.boot.config.DbSchedulerCustomizer;
import com.github.kagkarlsson.scheduler.boot.config.DbSchedulerProperties;
import dev.preflight.platform.NodeIdentity;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import java.util.Locale;
import java.util.Optional;

/**
 * How the job scheduler runs among several nodes: it claims work under this node's name ({@link NodeIdentity}),
 * and polls with {@code lock-and-fetch} on PostgreSQL (one {@code SELECT ... FOR UPDATE SKIP LOCKED} claims a batch,
 * so nodes never race for the same rows) and plain {@code fetch} on H2, which has no {@code SKIP LOCKED}.
 * {@code PREFLIGHT_POLLING_STRATEGY} ({@code auto}, {@code fetch}, {@code lock-and-fetch}) overrides the choice.
 */
@Configuration
class JobSchedulerSettings {

    @Bean
    DbSchedulerCustomizer nodeNamedScheduler(NodeIdentity node) {
        return new DbSchedulerCustomizer() {
            @Override
            public Optional<SchedulerName> schedulerName() {
                return Optional.of(new SchedulerName.Fixed(node.name()));
            }
        };
    }

    @Bean
    static BeanPostProcessor pollingStrategyByDatabase(Environment environment) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof DbSchedulerProperties p) {
                    PollingStrategyConfig.Type type = pollingStrategy(
                            environment.getProperty("preflight.jobs.polling-strategy", "auto"),
                            environment.getProperty("spring.datasource.url", ""));
                    p.setPollingStrategy(type);
                    if (type == PollingStrategyConfig.Type.LOCK_AND_FETCH) {
                        // Claim at most as many executions as there are threads: claimed work waiting in a local
                        // queue is work another node could be running.
                        p.setPollingStrategyLowerLimitFractionOfThreads(0.5);
                        p.setPollingStrategyUpperLimitFractionOfThreads(1.0);
                    }
                }
                return bean;
            }
        };
    }

    static PollingStrategyConfig.Type pollingStrategy(String configured, String databaseUrl) {
        String c = configured == null ? "auto" : configured.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        return switch (c) {
            case "", "auto" -> databaseUrl.startsWith("jdbc:postgresql:")
                    ? PollingStrategyConfig.Type.LOCK_AND_FETCH : PollingStrategyConfig.Type.FETCH;
            case "fetch" -> PollingStrategyConfig.Type.FETCH;
            case "lock-and-fetch" -> PollingStrategyConfig.Type.LOCK_AND_FETCH;
            default -> throw new IllegalArgumentException(
                    "PREFLIGHT_POLLING_STRATEGY must be auto, fetch or lock-and-fetch, not '" + configured + "'");
        };
    }
}
