package dev.preflight.review;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Published, in the transaction that deletes it, when an annotation (and its thread) is removed (webhook
 * {@code annotation.deleted}). Deleting a job removes its annotations without this event.
 *
 * @param deletedBy {@code api_key:<key id>}, {@code self-hosted} (auth mode none), or the share-link visitor's email
 */
public record AnnotationDeleted(String tenantId, String jobId, String annotationId, int pageNum, String kind,
                                String deletedBy, int commentsDeleted) implements IntegrationEvent {

    @Override
    public String eventType() {
        return "annotation.deleted";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, annotationId, pageNum, kind, deletedBy, commentsDeleted);
    }

    /** The fields of {@code annotation.deleted}. */
    @Schema(name = "AnnotationDeletedEvent")
    public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String annotationId,
                          @Schema(minimum = "1") int pageNum,
                          @Schema(allowableValues = {"rect", "circle", "arrow", "note", "freehand"}) String kind,
                          @Schema(description = "api_key:<key id>, self-hosted (auth mode none), or the share-link "
                                  + "visitor's email") String deletedBy,
                          @Schema(minimum = "0", description = "comments of the thread removed with it")
                          int commentsDeleted) {
    }
}
