package dev.preflight.support;

import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import java.util.Arrays;
import java.util.Comparator;
import java.util.TreeSet;

/**
 * Runs the test classes that share the default Spring context first and groups the ones with their own
 * configuration by that configuration. With one cached context at a time (spring.properties), any other order
 * starts the default context again after every class with its own settings. A configuration is the class's
 * {@link TestPropertySource} and the classes declaring its {@link DynamicPropertySource} methods: both are part of
 * Spring's context cache key.
 */
public final class SharedContextFirst implements ClassOrderer {

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparing((ClassDescriptor d) -> configuration(d.getTestClass()))
                .thenComparing(d -> d.getTestClass().getName()));
    }

    /** "" for the shared context; otherwise a key that is equal for equal configurations. */
    static String configuration(Class<?> testClass) {
        TestPropertySource p = AnnotationSupport.findAnnotation(testClass, TestPropertySource.class).orElse(null);
        var dynamic = new TreeSet<String>();
        for (Class<?> c = testClass; c != null && c != Object.class; c = c.getSuperclass()) {
            if (Arrays.stream(c.getDeclaredMethods())
                    .anyMatch(m -> m.isAnnotationPresent(DynamicPropertySource.class))) {
                dynamic.add(c.getName());
            }
        }
        if (p == null && dynamic.isEmpty()) {
            return "";
        }
        return "1" + (p == null ? "" : Arrays.toString(p.properties()) + Arrays.toString(p.locations())) + dynamic;
    }
}
