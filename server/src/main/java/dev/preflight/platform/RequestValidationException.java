package dev.preflight.platform;

import org.springframework.http.HttpStatus;

import java.util.List;

/** Request validation failed: 422 with {@code {"detail": [{"loc", "msg", "type"}]}}. */
public class RequestValidationException extends ApiException {

    private final List<ErrorBodies.FieldError> errors;

    public RequestValidationException(List<ErrorBodies.FieldError> errors) {
        super(HttpStatus.UNPROCESSABLE_CONTENT, errors.isEmpty() ? "invalid request" : errors.get(0).msg());
        this.errors = List.copyOf(errors);
    }

    public static RequestValidationException of(String where, String field, String msg, String type) {
        return new RequestValidationException(List.of(new ErrorBodies.FieldError(List.of(where, field), msg, type)));
    }

    public List<ErrorBodies.FieldError> errors() {
        return errors;
    }
}
