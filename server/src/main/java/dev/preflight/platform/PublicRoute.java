package dev.preflight.platform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a handler (method or whole controller) that answers without a bearer key: the check-name registry, the
 * token-gated share surfaces, the AI health probe. Authentication skips it, and /openapi.json documents it without
 * the bearer security requirement and without a 401.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface PublicRoute {
}
