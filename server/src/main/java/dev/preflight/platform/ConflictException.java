package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** The request is conflicts with the current state (409). */
public class ConflictException extends ApiException {

    public ConflictException(String detail) {
        super(HttpStatus.CONFLICT, detail);
    }
}
