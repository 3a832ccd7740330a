package dev.preflight.platform;

import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The one place that turns exceptions into the spec's error bodies. */
@RestControllerAdvice
class ErrorMapping {

    private static final Logger log = LoggerFactory.getLogger(ErrorMapping.class);

    @ExceptionHandler(RequestValidationException.class)
    ResponseEntity<ErrorBodies.Validation> validation(RequestValidationException e) {
        return ResponseEntity.status(e.status()).body(new ErrorBodies.Validation(e.errors()));
    }

    @ExceptionHandler(PlanUpgradeRequiredException.class)
    ResponseEntity<ErrorBodies.Error> plan(PlanUpgradeRequiredException e) {
        return ResponseEntity.status(e.status()).body(new ErrorBodies.Error(e.detail(), "plan_upgrade_required"));
    }

    @ExceptionHandler(ApiException.class)
    ResponseEntity<ErrorBodies.Error> api(ApiException e) {
        var builder = ResponseEntity.status(e.status());
        if (e.status() == HttpStatus.UNAUTHORIZED) {
            builder.header("WWW-Authenticate", "Bearer");
        }
        e.headers().forEach(builder::header);
        return builder.body(new ErrorBodies.Error(e.detail()));
    }

    @ExceptionHandler(MaxUploadSizeExceededException.class)
    ResponseEntity<ErrorBodies.Error> tooLarge(MaxUploadSizeExceededException e) {
        return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE)
                .body(new ErrorBodies.Error("The upload exceeds the maximum size of "
                        + (e.getMaxUploadSize() > 0 ? e.getMaxUploadSize() + " bytes" : "this server") + "."));
    }

    @ExceptionHandler(MissingServletRequestPartException.class)
    ResponseEntity<ErrorBodies.Validation> missingPart(MissingServletRequestPartException e) {
        return validationBody(List.of("body", e.getRequestPartName()), "Field required", "missing");
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ErrorBodies.Validation> missingParam(MissingServletRequestParameterException e) {
        return validationBody(List.of("query", e.getParameterName()), "Field required", "missing");
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ErrorBodies.Validation> typeMismatch(MethodArgumentTypeMismatchException e) {
        Class<?> type = e.getRequiredType();
        String kind = type == UUID.class ? "uuid_parsing"
                : type == Integer.class || type == int.class || type == Long.class || type == long.class ? "int_parsing"
                : type == Double.class || type == double.class || type == Float.class ? "float_parsing"
                : type == Boolean.class || type == boolean.class ? "bool_parsing" : "value_error";
        String where = e.getParameter().hasParameterAnnotation(org.springframework.web.bind.annotation.PathVariable.class)
                ? "path" : "query";
        String msg = switch (kind) {
            case "uuid_parsing" -> "Input should be a valid UUID";
            case "int_parsing" -> "Input should be a valid integer";
            case "float_parsing" -> "Input should be a valid number";
            case "bool_parsing" -> "Input should be a valid boolean";
            default -> "Invalid value";
        };
        return validationBody(List.of(where, e.getName()), msg, kind);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ErrorBodies.Validation> unreadable(HttpMessageNotReadableException e) {
        return validationBody(List.of("body"), "The request body is not valid JSON or does not match the expected shape: "
                + rootMessage(e), "json_invalid");
    }

    @ExceptionHandler(MethodArgumentNotValidException.class)
    ResponseEntity<ErrorBodies.Validation> invalidBody(MethodArgumentNotValidException e) {
        var errors = new ArrayList<ErrorBodies.FieldError>();
        e.getBindingResult().getFieldErrors().forEach(fe -> errors.add(new ErrorBodies.FieldError(
                List.of("body", fe.getField()), fe.getDefaultMessage(), "value_error")));
        return ResponseEntity.status(HttpStatus.UNPROCESSABLE_CONTENT).body(new ErrorBodies.Validation(errors));
    }

    @ExceptionHandler(HandlerMethodValidationException.class)
    ResponseEntity<ErrorBodies.Validation> invalidParams(HandlerMethodValidationException e) {
        var errors = new ArrayList<ErrorBodies.FieldError>();
        e.getParameterValidationResults().forEach(r -> r.getResolvableErrors().forEach(err -> errors.add(
                new ErrorBodies.FieldError(List.of("query", String.valueOf(r.getMethodParameter().getParameterName())),
                        err.getDefaultMessage(), "value_error"))));
        return ResponseEntity.status(HttpStatus.UNPROCESSABLE_CONTENT).body(new ErrorBodies.Validation(errors));
    }

    @ExceptionHandler(MultipartException.class)
    ResponseEntity<?> multipart(MultipartException e) {
        Throwable t = e;
        while (t != null) {
            if (t instanceof MaxUploadSizeExceededException m) {
                return tooLarge(m);
            }
            if (t.getClass().getSimpleName().contains("SizeLimitExceeded")) {
                return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE)
                        .body(new ErrorBodies.Error("The upload exceeds the maximum size of this server."));
            }
            t = t.getCause();
        }
        return validationBody(List.of("body"), "The multipart request could not be read: " + rootMessage(e),
                "value_error");
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ErrorBodies.Error> noResource(NoResourceFoundException e) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND).body(new ErrorBodies.Error("Not Found"));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ErrorBodies.Error> method(HttpRequestMethodNotSupportedException e) {
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED).body(new ErrorBodies.Error("Method Not Allowed"));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ErrorBodies.Error> mediaType(HttpMediaTypeNotSupportedException e) {
        return ResponseEntity.status(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
                .body(new ErrorBodies.Error("Unsupported content type: " + e.getContentType()));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ErrorBodies.Error> unexpected(Exception e, HttpServletRequest request) {
        log.error("Unexpected error on {} {}", request.getMethod(), redactTokens(request.getRequestURI()), e);
        return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR)
                .body(new ErrorBodies.Error("Internal server error"));
    }

    private static final java.util.regex.Pattern TOKEN_PATH = java.util.regex.Pattern.compile(
            "(/r/|/api/v1/reports/tokens/|/api/v1/viewer/public/|/reports/)[A-Za-z0-9_-]{20,}");

    /** Share tokens are keys: a logged path shows where, never which token. */
    static String redactTokens(String uri) {
        return uri == null ? null : TOKEN_PATH.matcher(uri).replaceAll("$1***");
    }

    private static ResponseEntity<ErrorBodies.Validation> validationBody(List<Object> loc, String msg, String type) {
        return ResponseEntity.status(HttpStatus.UNPROCESSABLE_CONTENT)
                .body(new ErrorBodies.Validation(List.of(new ErrorBodies.FieldError(loc, msg, type))));
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        if (m == null) {
            return t.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return nl > 0 ? m.substring(0, nl) : m;
    }
}
