package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** The request is upload above the size limit (413). */
public class PayloadTooLargeException extends ApiException {

    public PayloadTooLargeException(String detail) {
        super(HttpStatus.CONTENT_TOO_LARGE, detail);
    }
}
