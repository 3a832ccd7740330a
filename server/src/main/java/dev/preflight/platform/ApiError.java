package dev.preflight.platform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A non-2xx status an operation can answer, documented in /openapi.json with the {@code ErrorResponse} body
 * ({@code {"detail": "..."}}). Statuses every operation of a kind shares are added without it (see
 * {@code ContractOperations}): 401 on authenticated routes, 404 on routes with path variables, 422 with the
 * {@code ValidationErrorResponse} body on routes that take parameters or a body. A 422 declared here as well means
 * the route can also answer 422 with a plain detail, and the document then offers both bodies.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@Repeatable(ApiError.List.class)
public @interface ApiError {

    /** The HTTP status, e.g. 403. */
    int status();

    /** When the route answers it, in the reader's terms. */
    String when();

    /** True when the body also carries {@code "code": "plan_upgrade_required"}. */
    boolean planGate() default false;

    /** Container of the repeatable annotation. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.METHOD, ElementType.TYPE})
    @interface List {
        ApiError[] value();
    }
}
