package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** The request is the caller lacks the permission or plan (403). */
public class ForbiddenException extends ApiException {

    public ForbiddenException(String detail) {
        super(HttpStatus.FORBIDDEN, detail);
    }
}
