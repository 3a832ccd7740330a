package dev.preflight.jobs;

import dev.preflight.support.DatabaseIndependent;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.ResourcePropertySource;
import org.springframework.core.io.UrlResource;
import org.springframework.core.io.support.PropertiesLoaderUtils;

/**
 * Worker threads follow the machine unless the operator sets them: the shipped {@code application.properties} plus
 * {@link WorkerThreadsDefault}, resolved the way the scheduler ({@code db-scheduler.threads}) and
 * {@link JobProperties} read them.
 */
@DatabaseIndependent
class WorkerThreadsDefaultTests {

    /** The shipped properties, a simulated process environment above them, the post-processor applied. */
    private static StandardEnvironment environment(int processors, Map<String, Object> osEnvironment,
                                                   Map<String, Object> explicit) throws IOException {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        env.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        env.getPropertySources().addFirst(new ResourcePropertySource("classpath:application.properties"));
        env.getPropertySources().addFirst(new MapPropertySource("os", osEnvironment));
        env.getPropertySources().addFirst(new MapPropertySource("explicit", explicit));
        new WorkerThreadsDefault(() -> processors).postProcessEnvironment(env, new SpringApplication());
        return env;
    }

    private static int jobPropertiesThreads(StandardEnvironment env) {
        return Binder.get(env).bind("preflight.jobs", JobProperties.class).get().workerThreads();
    }

    @Test
    void defaultFollowsTheProcessors() throws IOException {
        StandardEnvironment env = environment(6, Map.of(), Map.of());
        assertThat(env.getProperty("db-scheduler.threads")).isEqualTo("6");
        assertThat(jobPropertiesThreads(env)).isEqualTo(6);
    }

    @Test
    void defaultIsAtLeastTwo() throws IOException {
        assertThat(environment(1, Map.of(), Map.of()).getProperty("db-scheduler.threads")).isEqualTo("2");
        assertThat(WorkerThreadsDefault.threadsFor(1)).isEqualTo(2);
        assertThat(WorkerThreadsDefault.threadsFor(2)).isEqualTo(2);
        assertThat(WorkerThreadsDefault.threadsFor(16)).isEqualTo(16);
    }

    @Test
    void environmentVariableWins() throws IOException {
        StandardEnvironment env = environment(6, Map.of("PREFLIGHT_WORKER_THREADS", "3"), Map.of());
        assertThat(env.getProperty("db-scheduler.threads")).isEqualTo("3");
        assertThat(jobPropertiesThreads(env)).isEqualTo(3);
        // Even below the computed minimum: the operator knows the machine.
        assertThat(environment(8, Map.of("PREFLIGHT_WORKER_THREADS", "1"), Map.of())
                .getProperty("db-scheduler.threads")).isEqualTo("1");
    }

    @Test
    void explicitPropertyWins() throws IOException {
        StandardEnvironment env = environment(6, Map.of(), Map.of("preflight.jobs.worker-threads", "5"));
        assertThat(env.getProperty("db-scheduler.threads")).isEqualTo("5");
        assertThat(jobPropertiesThreads(env)).isEqualTo(5);
    }

    @Test
    void registeredForEveryStart() throws IOException {
        var found = new java.util.ArrayList<String>();
        var resources = getClass().getClassLoader().getResources("META-INF/spring.factories");
        while (resources.hasMoreElements()) {
            var props = PropertiesLoaderUtils.loadProperties(new UrlResource(resources.nextElement()));
            String names = props.getProperty(EnvironmentPostProcessor.class.getName(), "");
            for (String n : names.split(",")) {
                found.add(n.trim());
            }
        }
        assertThat(found).contains(WorkerThreadsDefault.class.getName());
    }

    @Test
    void realMachineDefault() {
        StandardEnvironment env = new StandardEnvironment();
        new WorkerThreadsDefault().postProcessEnvironment(env, new SpringApplication());
        assertThat(env.getProperty(WorkerThreadsDefault.PROPERTY, Integer.class))
                .isEqualTo(Math.max(2, Runtime.getRuntime().availableProcessors()));
    }
}
