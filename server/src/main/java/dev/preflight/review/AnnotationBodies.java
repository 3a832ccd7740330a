package dev.preflight.review;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/** Request and response bodies of the annotation routes (spec: Annotation, Comment). */
final class AnnotationBodies {

    static final int MAX_TEXT = 4000;
    static final int MAX_EMAIL = 320;
    static final String COLOR_PATTERN = "^#[0-9A-Fa-f]{6}$";

    private AnnotationBodies() {
    }

    @Schema(name = "Annotation", description = "A mark on one page of a job, with its comment thread when asked for")
    record Annotation(@Schema(format = "uuid") String id,
                      @Schema(minimum = "1", description = "1-based page number") int pageNum,
                      @Schema(allowableValues = {"rect", "circle", "arrow", "note", "freehand"}) String kind,
                      AnnotationGeometry geometry,
                      @Schema(description = "#RRGGBB (upper case); null lets the viewer choose") @Nullable String color,
                      @Nullable String text,
                      @Schema(description = "who drew it: the share-link visitor's email, or the author_email the "
                              + "API caller gave (null when none was given)") @Nullable String authorEmail,
                      Instant createdAt,
                      @Schema(description = "the thread, oldest first; present only with include=comments (and on "
                              + "the 201 of a create, empty)")
                      @JsonInclude(JsonInclude.Include.NON_NULL) List<Comment> comments) {
    }

    @Schema(name = "Comment", description = "One comment of an annotation's thread")
    record Comment(@Schema(format = "uuid") String id, @Schema(format = "uuid") String annotationId,
                   @Schema(description = "the share-link visitor's email, or the author_email the API caller gave")
                   @Nullable String authorEmail,
                   String body, Instant createdAt) {
    }

    /** Documents the body of POST /api/v1/viewer/jobs/{job_id}/annotations (read field by field). */
    @Schema(name = "AnnotationRequest", description = "A new annotation. The geometry's shape follows kind.")
    record AnnotationRequest(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "1",
                    description = "1-based page number, at most the job's page count") Integer pageNum,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                    allowableValues = {"rect", "circle", "arrow", "note", "freehand"}) String kind,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED) AnnotationGeometry geometry,
            @Schema(description = "#RRGGBB", pattern = COLOR_PATTERN) @Nullable String color,
            @Schema(description = "the annotation's text; required for a note", maxLength = MAX_TEXT)
            @Nullable String text,
            @Schema(description = "the reviewer on whose behalf the API key draws (the integration's user)",
                    format = "email", maxLength = MAX_EMAIL) @Nullable String authorEmail) {
    }

    /** Documents the body of POST /api/v1/viewer/public/{token}/annotations (read field by field). */
    @Schema(name = "VisitorAnnotationRequest", description = "A new annotation drawn by a share-link visitor; the "
            + "author is the visitor's email, so author_email is not accepted.")
    record VisitorAnnotationRequest(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "1",
                    description = "1-based page number, at most the job's page count") Integer pageNum,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                    allowableValues = {"rect", "circle", "arrow", "note", "freehand"}) String kind,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED) AnnotationGeometry geometry,
            @Schema(description = "#RRGGBB", pattern = COLOR_PATTERN) @Nullable String color,
            @Schema(description = "the annotation's text; required for a note", maxLength = MAX_TEXT)
            @Nullable String text) {
    }

    /** Documents the body of POST .../annotations/{annotation_id}/comments with an API key. */
    @Schema(name = "CommentRequest")
    record CommentRequest(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 1, maxLength = MAX_TEXT) String body,
            @Schema(description = "the reviewer on whose behalf the API key comments", format = "email",
                    maxLength = MAX_EMAIL) @Nullable String authorEmail) {
    }

    /** Documents the body of a share-link visitor's comment. */
    @Schema(name = "VisitorCommentRequest", description = "A share-link visitor's comment; the author is the "
            + "visitor's email")
    record VisitorCommentRequest(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 1, maxLength = MAX_TEXT) String body) {
    }
}
