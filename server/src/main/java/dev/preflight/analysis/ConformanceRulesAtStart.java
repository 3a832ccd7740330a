package dev.preflight.analysis;

import dev.preflight.engine.ConformanceRulesPreload;
import org.springframework.boot.context.event.ApplicationStartingEvent;
import org.springframework.context.ApplicationListener;

/**
 * Starts reading the conformance rules (veraPDF's validation profiles, a few seconds of one core) the moment the
 * application starts, beside the building of the Spring context, instead of when the first bean asks for the check
 * catalogue. Registered in META-INF/spring.factories: a listener bean would be created too late for this event.
 */
public class ConformanceRulesAtStart implements ApplicationListener<ApplicationStartingEvent> {

    @Override
    public void onApplicationEvent(ApplicationStartingEvent event) {
        ConformanceRulesPreload.start();
    }
}
