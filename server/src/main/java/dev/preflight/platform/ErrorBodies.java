package dev.preflight.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/** The error bodies of the API (spec: Errors). */
public final class ErrorBodies {

    private ErrorBodies() {
    }

    /** {@code {"detail": "<message>"}}; plan gates add {@code "code": "plan_upgrade_required"}. */
    @Schema(name = "ErrorResponse", description = "Error body: a human-readable detail; plan gates add code=plan_upgrade_required")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Error(@Schema(description = "human-readable message") String detail,
                        @Schema(description = "machine-readable code, present only for plan gates",
                                example = "plan_upgrade_required") String code) {
        public Error(String detail) {
            this(detail, null);
        }
    }

    /** One field error: where (loc), what (msg), which kind (type). */
    @Schema(name = "ValidationErrorItem")
    public record FieldError(@Schema(description = "path to the offending input, e.g. [\"body\",\"preflight_source\"]")
                             List<Object> loc,
                             String msg,
                             @Schema(description = "error kind: missing, enum, uuid_parsing, bool_parsing, float_parsing, int_parsing, string_too_long, value_error, json_invalid, extra_forbidden")
                             String type) {
    }

    /** Request-validation errors: {@code {"detail": [{"loc", "msg", "type"}]}}. */
    @Schema(name = "ValidationErrorResponse")
    public record Validation(List<FieldError> detail) {
    }
}
