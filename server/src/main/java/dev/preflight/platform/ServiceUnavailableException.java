package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** A dependency the request needs cannot be reached right now, and the server refuses rather than guess (503). */
public class ServiceUnavailableException extends ApiException {

    public ServiceUnavailableException(String detail) {
        super(HttpStatus.SERVICE_UNAVAILABLE, detail);
    }
}
