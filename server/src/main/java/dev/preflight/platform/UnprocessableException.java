package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** The request is well-formed request whose content cannot be processed (422). */
public class UnprocessableException extends ApiException {

    public UnprocessableException(String detail) {
        super(HttpStatus.UNPROCESSABLE_CONTENT, detail);
    }
}
