package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** The request is missing or invalid bearer token (401). */
public class UnauthorizedException extends ApiException {

    public UnauthorizedException(String detail) {
        super(HttpStatus.UNAUTHORIZED, detail);
    }
}
