package dev.preflight.review;

import dev.preflight.platform.ErrorBodies;
import dev.preflight.platform.RequestValidationException;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the JSON bodies of the annotation and comment writes field by field, so that every problem (the geometry's
 * included, located under {@code body.geometry}) comes back in one 422.
 */
final class AnnotationInput {

    private static final Pattern COLOR = Pattern.compile("#[0-9A-Fa-f]{6}");
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[A-Za-z0-9.-]{1,253}\\.[A-Za-z]{2,63}");

    /** A valid new annotation. */
    record NewAnnotation(int pageNum, String kind, AnnotationGeometry geometry, @Nullable String color,
                         @Nullable String text, @Nullable String authorEmail) {
    }

    /** A valid new comment. */
    record NewComment(String body, @Nullable String authorEmail) {
    }

    private final JsonNode body;
    private final List<ErrorBodies.FieldError> errors = new ArrayList<>();

    private AnnotationInput(JsonNode body) {
        this.body = body;
    }

    /**
     * The annotation a body describes, for a job of {@code pageCount} pages. Visitors may not name an author (they
     * are the author); API callers may.
     */
    static NewAnnotation annotation(@Nullable JsonNode body, int pageCount, boolean visitor) {
        AnnotationInput in = of(body);
        in.allowOnly(visitor ? List.of("page_num", "kind", "geometry", "color", "text")
                : List.of("page_num", "kind", "geometry", "color", "text", "author_email"), visitor);
        Integer page = in.pageNum(pageCount);
        String kind = in.kind();
        AnnotationGeometry geometry = null;
        JsonNode g = in.body.get("geometry");
        if (g == null || g.isNull()) {
            in.error("geometry", "Field required", "missing");
        } else if (kind != null) {
            geometry = AnnotationGeometry.parse(kind, g, in.errors);
        }
        String color = in.string("color", 7);
        if (color != null && !COLOR.matcher(color).matches()) {
            in.error("color", "Input should be a colour written #RRGGBB", "string_pattern_mismatch");
        }
        String text = in.string("text", AnnotationBodies.MAX_TEXT);
        if (text != null && text.isBlank()) {
            text = null;
        }
        if ("note".equals(kind) && text == null && !in.failed("text")) {
            in.error("text", "Field required for a note: say what the note is about", "missing");
        }
        String author = visitor ? null : in.email("author_email");
        in.throwIfInvalid();
        return new NewAnnotation(page, kind, geometry, color == null ? null : color.toUpperCase(Locale.ROOT), text,
                author);
    }

    /** The comment a body describes. */
    static NewComment comment(@Nullable JsonNode body, boolean visitor) {
        AnnotationInput in = of(body);
        in.allowOnly(visitor ? List.of("body") : List.of("body", "author_email"), visitor);
        String text = in.string("body", AnnotationBodies.MAX_TEXT);
        if (text == null || text.isBlank()) {
            if (!in.failed("body")) {
                in.error("body", "Field required: the comment's text", "missing");
            }
        }
        String author = visitor ? null : in.email("author_email");
        in.throwIfInvalid();
        return new NewComment(text.strip(), author);
    }

    private static AnnotationInput of(@Nullable JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new RequestValidationException(List.of(new ErrorBodies.FieldError(List.of("body"),
                    "Input should be a JSON object", "model_type")));
        }
        return new AnnotationInput(body);
    }

    private void allowOnly(List<String> allowed, boolean visitor) {
        Set<String> extra = new LinkedHashSet<>(body.propertyNames());
        allowed.forEach(extra::remove);
        for (String name : extra) {
            if (visitor && name.equals("author_email")) {
                error(name, "Not accepted through a share link: the author is the visitor's email", "extra_forbidden");
            } else {
                error(name, "Extra inputs are not permitted; the fields are " + String.join(", ", allowed),
                        "extra_forbidden");
            }
        }
    }

    private @Nullable Integer pageNum(int pageCount) {
        JsonNode n = body.get("page_num");
        if (n == null || n.isNull()) {
            error("page_num", "Field required", "missing");
            return null;
        }
        if (!n.isIntegralNumber() || !n.canConvertToInt()) {
            error("page_num", "Input should be a valid integer", "int_type");
            return null;
        }
        int p = n.intValue();
        if (p < 1) {
            error("page_num", "Input should be greater than or equal to 1", "greater_than_equal");
            return null;
        }
        if (p > pageCount) {
            error("page_num", "Page " + p + " does not exist: the document has " + pageCount
                    + (pageCount == 1 ? " page" : " pages"), "less_than_equal");
            return null;
        }
        return p;
    }

    private @Nullable String kind() {
        String kind = string("kind", 16);
        if (kind == null) {
            if (!failed("kind")) {
                error("kind", "Field required", "missing");
            }
            return null;
        }
        if (!AnnotationGeometry.KINDS.contains(kind)) {
            error("kind", "Input should be 'rect', 'circle', 'arrow', 'note' or 'freehand'", "enum");
            return null;
        }
        return kind;
    }

    private @Nullable String string(String field, int max) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isString()) {
            error(field, "Input should be a valid string", "string_type");
            return null;
        }
        String s = n.asString();
        if (s.length() > max) {
            error(field, "String should have at most " + max + " characters", "string_too_long");
            return null;
        }
        return s;
    }

    private @Nullable String email(String field) {
        String s = string(field, AnnotationBodies.MAX_EMAIL);
        if (s == null || s.isBlank()) {
            return null;
        }
        String e = s.strip();
        if (!EMAIL.matcher(e).matches()) {
            error(field, "Input should be a valid email address", "value_error");
            return null;
        }
        return e.toLowerCase(Locale.ROOT);
    }

    private void error(String field, String msg, String type) {
        errors.add(new ErrorBodies.FieldError(List.of("body", field), msg, type));
    }

    private boolean failed(String field) {
        return errors.stream().anyMatch(e -> e.loc().size() > 1 && field.equals(e.loc().get(1)));
    }

    private void throwIfInvalid() {
        if (!errors.isEmpty()) {
            throw new RequestValidationException(errors);
        }
    }
}
