package dev.preflight.review;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Published, in the transaction that stores it, when a comment is added to an annotation's thread (webhook
 * {@code comment.created}).
 *
 * @param via {@code api} or {@code share_link}
 */
public record CommentCreated(String tenantId, String jobId, String annotationId, String commentId,
                             @Nullable String authorEmail, String body, String via) implements IntegrationEvent {

    @Override
    public String eventType() {
        return "comment.created";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, annotationId, commentId, authorEmail, body, via);
    }

    /** The fields of {@code comment.created}. */
    @Schema(name = "CommentCreatedEvent")
    public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String annotationId,
                          @Schema(format = "uuid") String commentId, @Nullable String authorEmail, String body,
                          @Schema(allowableValues = {"api", "share_link"},
                                  description = "written with an API key, or by a visitor through a share link")
                          String via) {
    }
}
