package dev.preflight.platform;

import org.springframework.http.HttpStatus;

/** The resource existed but is no longer available: an expired or revoked share token (410). */
public class GoneException extends ApiException {

    public GoneException(String detail) {
        super(HttpStatus.GONE, detail);
    }
}
