package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** The request is unknown or not visible to the caller (404). */
public class NotFoundException extends ApiException {

    public NotFoundException(String detail) {
        super(HttpStatus.NOT_FOUND, detail);
    }
}
