package dev.preflight.viewer;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a {@link ViewerRoutes} handler is documented on its share-link twin ({@link PublicViewerController}): the
 * operation id, summary and description that replace those of its {@code @Operation}, which documents the API key's
 * route. Everything else (parameters, responses, error statuses) is the handler's, on both twins.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface SharedOperation {

    String operationId();

    String summary();

    /** Empty when the twin has no description. */
    String description() default "";
}
