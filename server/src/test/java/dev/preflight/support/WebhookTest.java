package dev.preflight.support;

import org.springframework.test.context.TestPropertySource;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A full-stack test that delivers webhooks to real HTTPS receivers on 127.0.0.1 ({@link Webhooks} and
 * {@link Webhooks.Receivers}). Because 127.0.0.1 is a private address, this context runs with the operator override
 * {@code preflight.webhooks.allow-private-networks=true}, and trusts the test certificate through
 * {@code preflight.webhooks.trust-store} (made on first use: {@link TestServices}); a delivery attempt times out
 * after 3 s (10 s in production) so that timeouts are quick to observe. The tests that prove the guard refuses
 * private destinations run in the default context instead. Every class of this kind shares one context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@FullStackTest
@TestPropertySource(properties = {"preflight.webhooks.allow-private-networks=true",
        "preflight.webhooks.trust-store=${" + TestServices.TRUST_STORE + "}",
        "preflight.webhooks.trust-store-password=" + TestTls.PASSWORD, "preflight.webhooks.timeout=3s"})
public @interface WebhookTest {
}
