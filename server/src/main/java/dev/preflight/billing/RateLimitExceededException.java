package dev.preflight.billing;

import dev.preflight.platform.ApiException;
import org.springframework.http.HttpStatus;

import java.util.Map;

/** 429: the API key sent more requests than its plan allows per minute; {@code Retry-After} says when to retry. */
public class RateLimitExceededException extends ApiException {

    RateLimitExceededException(String detail, long retryAfterSeconds) {
        super(HttpStatus.TOO_MANY_REQUESTS, detail, Map.of("Retry-After", Long.toString(retryAfterSeconds)));
    }
}
