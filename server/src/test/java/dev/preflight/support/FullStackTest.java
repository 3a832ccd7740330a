package dev.preflight.support;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A full-stack test: the real server on a random port, the real database, the real scheduler and engine, in the
 * context every such class shares. Its fixtures are beans to autowire rather than a base class to extend:
 * {@link Api} (every JSON answer checked against /openapi.json), {@link Tenants}, {@link JobFixtures}; see
 * {@link WebhookTest} for the webhook deliveries' context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
@Import(TestBeans.class)
public @interface FullStackTest {
}
