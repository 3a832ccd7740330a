package dev.preflight.billing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a submit handler that charges the file pool ({@link FilePool#charge}): /openapi.json then documents the 402
 * and the rate-limit and overage headers on its success and 402 answers.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ChargesFiles {
}
