package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** An error the API answers with {@code {"detail": "..."}} and the given status. Controllers throw; one place maps. */
public class ApiException extends RuntimeException {

    private final HttpStatus status;

    public ApiException(HttpStatus status, String detail) {
        super(detail);
        this.status = status;
    }

    public HttpStatus status() {
        return status;
    }

    public String detail() {
        return getMessage();
    }
}
