package dev.preflight.jobs;

import java.util.Map;
import java.util.function.IntSupplier;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Sizes the job worker threads to the machine: {@code preflight.jobs.default-worker-threads} is the number of
 * processors the JVM may use (which honours container CPU limits), at least 2, so a node on a bigger machine runs
 * more analyses at once without configuration. It sits last among the property sources, so it only fills the
 * default that {@code PREFLIGHT_WORKER_THREADS} falls back to in {@code application.properties}: an explicit
 * {@code PREFLIGHT_WORKER_THREADS} or {@code preflight.jobs.worker-threads} always wins.
 */
final class WorkerThreadsDefault implements EnvironmentPostProcessor {

    static final String PROPERTY = "preflight.jobs.default-worker-threads";
    static final int MINIMUM = 2;

    private final IntSupplier processors;

    WorkerThreadsDefault() {
        this(() -> Runtime.getRuntime().availableProcessors());
    }

    WorkerThreadsDefault(IntSupplier processors) {
        this.processors = processors;
    }

    static int threadsFor(int processors) {
        return Math.max(MINIMUM, processors);
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment.getPropertySources().addLast(new MapPropertySource("preflightWorkerThreadsDefault",
                Map.of(PROPERTY, String.valueOf(threadsFor(processors.getAsInt())))));
    }
}
