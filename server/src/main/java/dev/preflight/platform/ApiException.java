package dev.preflight.platform;

import org.springframework.http.HttpStatus;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An error the API answers with {@code {"detail": "..."}} and the given status. Controllers throw; one place maps.
 * Headers the answer must carry besides the body (e.g. {@code Retry-After} on 429, the file-pool headers on 402)
 * travel with the exception.
 */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final Map<String, String> headers;

    public ApiException(HttpStatus status, String detail) {
        this(status, detail, Map.of());
    }

    public ApiException(HttpStatus status, String detail, Map<String, String> headers) {
        super(detail);
        this.status = status;
        this.headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    public HttpStatus status() {
        return status;
    }

    public String detail() {
        return getMessage();
    }

    /** Response headers the error answer carries, in order. */
    public Map<String, String> headers() {
        return headers;
    }
}
