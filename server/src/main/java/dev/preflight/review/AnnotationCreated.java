package dev.preflight.review;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Published, in the transaction that stores it, when a reviewer (API key) or a share-link visitor draws an
 * annotation (webhook {@code annotation.created}).
 *
 * @param via {@code api} or {@code share_link}
 */
public record AnnotationCreated(String tenantId, String jobId, String annotationId, int pageNum, String kind,
                                AnnotationGeometry geometry, @Nullable String color, @Nullable String text,
                                @Nullable String authorEmail, String via) implements IntegrationEvent {

    @Override
    public String eventType() {
        return "annotation.created";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, annotationId, pageNum, kind, geometry, color, text, authorEmail, via);
    }

    /** The fields of {@code annotation.created}: the new annotation as GET .../annotations shows it. */
    @Schema(name = "AnnotationCreatedEvent")
    public record Payload(@Schema(format = "uuid") String jobId, @Schema(format = "uuid") String annotationId,
                          @Schema(minimum = "1") int pageNum,
                          @Schema(allowableValues = {"rect", "circle", "arrow", "note", "freehand"}) String kind,
                          AnnotationGeometry geometry,
                          @Schema(description = "#RRGGBB or null") @Nullable String color,
                          @Nullable String text,
                          @Nullable String authorEmail,
                          @Schema(allowableValues = {"api", "share_link"},
                                  description = "drawn with an API key, or by a visitor through a share link")
                          String via) {
    }
}
