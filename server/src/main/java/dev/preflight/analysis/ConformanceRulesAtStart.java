package dev.preflight.analysis;

import dev.preflight.engine.ConformanceRulesPreload;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts reading the conformance rules (veraPDF's validation profiles) the moment the application's settings are
 * known, beside the building of the Spring context, instead of when the first bean asks for the check catalogue.
 * They are read from a copy kept by an earlier start when there is one (milliseconds instead of a second of one
 * core that the start-up shares two cores with): in {@code preflight.platform.conformance-rules-dir} when set (where
 * {@code bin/aot-cache}'s training run leaves one beside the package's jars), in {@code <data dir>/cache}, or beside
 * the application jar; a start that finds none reads the library and leaves a copy in the first of these. The copy
 * is named after the veraPDF and engine jars it was read with; run from class directories (tests), none is kept.
 * Registered in META-INF/spring.factories: a listener bean would be created too late for this event.
 */
public class ConformanceRulesAtStart implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        ConformanceRulesPreload.start(keptIn(event.getEnvironment()));
    }

    static List<Path> keptIn(ConfigurableEnvironment env) {
        var dirs = new ArrayList<Path>();
        String explicit = env.getProperty("preflight.platform.conformance-rules-dir", "");
        if (!explicit.isBlank()) {
            dirs.add(Path.of(explicit));
        }
        String data = env.getProperty("preflight.platform.data-dir", "");
        if (!data.isBlank()) {
            dirs.add(Path.of(data).resolve("cache"));
        }
        Path jar = applicationJar();
        if (jar != null && jar.getParent() != null) {
            dirs.add(jar.getParent());
        }
        return dirs;
    }

    private static Path applicationJar() {
        try {
            var source = ConformanceRulesAtStart.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return null;
            }
            Path p = Path.of(source.getLocation().toURI());
            return p.getFileName() != null && p.getFileName().toString().endsWith(".jar") ? p : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
