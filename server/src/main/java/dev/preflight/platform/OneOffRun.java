package dev.preflight.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A run of the real server that does one thing against its own HTTP port and exits: 0 when that succeeded, 1 when
 * it failed (the failure logged). Such a run is isolated from whatever the environment configures: a random loopback
 * port, an in-memory H2 database and a data directory of its own ({@link #isolate}).
 *
 * <p>The run is always a bean and does its one thing only when its property is set: a condition on the property
 * would be fixed when the build writes the bean definitions ahead of time ({@code process-aot}), and the packaged
 * jar would then never train or export.
 */
abstract class OneOffRun implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(OneOffRun.class);

    private final ConfigurableApplicationContext context;
    private final String property;

    /** A run that happens when {@code property} is set (not blank, not {@code false}). */
    OneOffRun(ConfigurableApplicationContext context, String property) {
        this.context = context;
        this.property = property;
    }

    /** Whether {@code property} asks for the run: set, not blank and not {@code false}. */
    static boolean requested(String value) {
        return value != null && !value.isBlank() && !value.equalsIgnoreCase("false");
    }

    /** The one thing, against the server at {@code baseUrl} (http://127.0.0.1:port). */
    abstract void perform(String baseUrl) throws IOException, InterruptedException;

    /** What the log says when {@link #perform} fails. */
    abstract String failure();

    @Override
    public final void run(ApplicationArguments args) {
        if (!requested(context.getEnvironment().getProperty(property))) {
            return;
        }
        String base = "http://127.0.0.1:" + context.getEnvironment().getRequiredProperty("local.server.port");
        int code = 0;
        try {
            perform(base);
        } catch (IOException | RuntimeException e) {
            log.error(failure(), e);
            code = 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            code = 1;
        }
        int exit = code;
        System.exit(SpringApplication.exit(context, () -> exit));
    }

    /**
     * Puts the isolating settings first among the property sources (they win over every other source): a random
     * loopback port, the in-memory database {@code database}, {@code dataDir}, and {@code more}.
     */
    static void isolate(ConfigurableEnvironment environment, String name, String database, Path dataDir,
                        Map<String, Object> more) {
        var settings = new HashMap<String, Object>(Map.of(
                "server.port", "0",
                "server.address", "127.0.0.1",
                "spring.datasource.url", "jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1",
                "spring.datasource.username", "sa",
                "spring.datasource.password", "",
                "preflight.platform.data-dir", dataDir.toAbsolutePath().toString()));
        settings.putAll(more);
        environment.getPropertySources().addFirst(new MapPropertySource(name, settings));
    }
}
