package dev.preflight.engine;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One problem found in a document, in the API's finding shape.
 *
 * @param inspectionId stable id of the check (or of the imported rule)
 * @param severity     how much it matters
 * @param message      human-readable text
 * @param pageNum      1-based page; 0 means document level
 * @param bbox         {@code [x0,y0,x1,y1]} in PDF points, origin bottom-left of the page; null when not located
 * @param objectId     PDF object reference ("12 0 R") where one exists
 * @param objectType   engine values image, text, path, font, page, document; imports may carry other strings
 * @param category     thematic group (image, color, font, structure, metadata, compliance, output_intent, ...)
 * @param isoClause    compliance clause reference such as "GWG2022 R0031"; null when none
 * @param details      check-specific measured values; never null (empty map instead)
 * @param source       provenance: engine, external:preflight_a, ...
 */
public record Finding(
        String inspectionId,
        Severity severity,
        String message,
        int pageNum,
        List<Double> bbox,
        String objectId,
        String objectType,
        String category,
        String isoClause,
        Map<String, Object> details,
        String source) {

    public Finding {
        Objects.requireNonNull(inspectionId, "inspectionId");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        if (pageNum < 0) {
            throw new IllegalArgumentException("pageNum must be >= 0");
        }
        if (bbox != null && bbox.size() != 4) {
            throw new IllegalArgumentException("bbox must have exactly 4 numbers");
        }
        bbox = bbox == null ? null : List.copyOf(bbox);
        details = details == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(details));
    }

    /** Source value for findings produced by the engine's own checks. */
    public static final String SOURCE_ENGINE = "engine";

    /** A copy with a different severity (profiles override check defaults). */
    public Finding withSeverity(Severity newSeverity) {
        return new Finding(inspectionId, newSeverity, message, pageNum, bbox, objectId, objectType, category,
                isoClause, details, source);
    }

    /** A copy with a compliance clause set. */
    public Finding withIsoClause(String clause) {
        return new Finding(inspectionId, severity, message, pageNum, bbox, objectId, objectType, category,
                clause, details, source);
    }

    /** A copy with extra detail entries merged in (existing keys are overwritten). */
    public Finding withDetails(Map<String, Object> extra) {
        var merged = new java.util.LinkedHashMap<String, Object>(details);
        merged.putAll(extra);
        return new Finding(inspectionId, severity, message, pageNum, bbox, objectId, objectType, category,
                isoClause, merged, source);
    }

    /** Convenience for a bbox from four numbers. */
    public static List<Double> box(double x0, double y0, double x1, double y1) {
        return List.of(Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1));
    }
}
