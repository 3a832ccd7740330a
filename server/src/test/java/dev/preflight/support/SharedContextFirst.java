package dev.preflight.support;

import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.springframework.test.context.TestPropertySource;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Runs the test classes that share the default Spring context first and groups the ones with their own
 * configuration by that configuration. With one cached context at a time (spring.properties), any other order
 * starts the default context again after every class with its own settings.
 */
public final class SharedContextFirst implements ClassOrderer {

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparing(SharedContextFirst::configuration)
                .thenComparing(d -> d.getTestClass().getName()));
    }

    /** "" for the shared context; otherwise a key that is equal for equal configurations. */
    private static String configuration(ClassDescriptor d) {
        TestPropertySource p = d.findAnnotation(TestPropertySource.class).orElse(null);
        return p == null ? "" : "1" + Arrays.toString(p.properties()) + Arrays.toString(p.locations());
    }
}
