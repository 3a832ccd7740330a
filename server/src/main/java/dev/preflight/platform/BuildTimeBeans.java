package dev.preflight.platform;

import org.apache.commons.logging.Log;
import org.springframework.aot.AotDetector;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertyResolver;
import org.springframework.util.ClassUtils;

import java.net.URL;
import java.security.CodeSource;
import java.util.List;
import java.util.Optional;

/**
 * Starts the packaged server from the bean definitions the build wrote ahead of time (Spring's {@code process-aot},
 * run by {@code server/pom.xml} before the jar is packaged): the start then skips scanning the classes, parsing the
 * configuration classes and evaluating the auto-configurations' conditions, about a second of a start.
 *
 * <p>Those definitions hold the choices the build made with the packaged defaults. A few settings choose other
 * beans ({@link #BEAN_CHOOSING_SETTINGS}: tracing to a collector, a separate management port, profiles); when one of
 * them is set, or when the classes do not come from a packaged jar (a development run from {@code target/classes},
 * whose generated definitions may be older than its classes), the start takes the ordinary path, which evaluates
 * everything at start-up. {@code -Dspring.aot.enabled=true|false} on the command line always wins.
 *
 * <p>It runs before {@link TracingSwitch}, which adds its own {@code spring.autoconfigure.exclude}: what this one sees
 * there is the operator's.
 */
final class BuildTimeBeans implements EnvironmentPostProcessor, Ordered {

    /** Spring's switch ({@link AotDetector#AOT_ENABLED}), read by the application context after this runs. */
    static final String SWITCH = AotDetector.AOT_ENABLED;

    /** The class the build generates for the application's context; present only in a build that ran process-aot. */
    static final String INITIALIZER = "dev.preflight.PreflightApplication__ApplicationContextInitializer";

    /** Settings that choose beans: set, the build-time definitions do not hold. */
    static final List<String> BEAN_CHOOSING_SETTINGS = List.of(
            TracingSwitch.ENDPOINT,
            "management.server.port",
            "spring.profiles.active",
            "spring.profiles.include",
            "spring.autoconfigure.exclude");

    private final Log log;

    BuildTimeBeans(DeferredLogFactory logs) {
        this.log = logs.getLog(BuildTimeBeans.class);
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE - 1;
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (System.getProperty(SWITCH) != null) {
            return;
        }
        ClassLoader loader = BuildTimeBeans.class.getClassLoader();
        if (!packaged(codeLocation()) || !ClassUtils.isPresent(INITIALIZER, loader)) {
            return;
        }
        Optional<String> mismatch = mismatch(environment);
        if (mismatch.isPresent()) {
            log.info("Starting without the build-time bean definitions: " + mismatch.get()
                    + " chooses beans at start-up");
            return;
        }
        System.setProperty(SWITCH, "true");
    }

    /** The setting that keeps this start from the build-time definitions, or empty when they hold. */
    static Optional<String> mismatch(PropertyResolver environment) {
        for (String setting : BEAN_CHOOSING_SETTINGS) {
            String value = environment.getProperty(setting);
            if (value != null && !value.isBlank()) {
                return Optional.of(setting);
            }
        }
        return Optional.empty();
    }

    /** Whether the application's classes come from a packaged jar (nested in the fat jar, or the extracted one). */
    static boolean packaged(String location) {
        return location != null && (location.startsWith("jar:") || location.endsWith(".jar"));
    }

    private static String codeLocation() {
        CodeSource source = BuildTimeBeans.class.getProtectionDomain().getCodeSource();
        URL url = source == null ? null : source.getLocation();
        return url == null ? null : url.toString();
    }
}
