package dev.preflight.review;

import dev.preflight.platform.ErrorBodies;
import dev.preflight.platform.Json;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The shape of an annotation, one record per kind, in PDF points in the page's default user space: the system of the
 * page's {@code media_box} and of a finding's {@code bbox}, origin at the lower-left (the MediaBox's lower-left
 * corner for the usual {@code [0 0 w h]}), x to the right, y up, before /Rotate.
 */
@Schema(name = "AnnotationGeometry", description = "The shape, by kind: rect {x,y,w,h}, circle {cx,cy,r}, arrow "
        + "{x1,y1,x2,y2}, note {x,y}, freehand {points}. PDF points in the page's default user space (the system of "
        + "media_box and of a finding's bbox): origin lower-left, x right, y up, before /Rotate.",
        oneOf = {AnnotationGeometry.Rect.class, AnnotationGeometry.Circle.class, AnnotationGeometry.Arrow.class,
                AnnotationGeometry.Note.class, AnnotationGeometry.Freehand.class})
public sealed interface AnnotationGeometry {

    /** The kinds, in the order the contract lists them. */
    List<String> KINDS = List.of("rect", "circle", "arrow", "note", "freehand");

    /** The most points a freehand stroke may carry. */
    int MAX_POINTS = 1000;

    /** The largest absolute value of a coordinate or size, in points. */
    double LIMIT = 100_000;

    String COORD = "PDF points, origin lower-left of the page's user space";

    /** A rectangle: lower-left corner and size. */
    @Schema(name = "AnnotationRectGeometry", description = "kind rect: lower-left corner (x, y) and size (w, h) > 0, "
            + COORD)
    record Rect(double x, double y, @Schema(minimum = "0", exclusiveMinimum = true) double w,
                @Schema(minimum = "0", exclusiveMinimum = true) double h) implements AnnotationGeometry {
    }

    /** A circle: centre and radius. */
    @Schema(name = "AnnotationCircleGeometry", description = "kind circle: centre (cx, cy) and radius r > 0, " + COORD)
    record Circle(double cx, double cy, @Schema(minimum = "0", exclusiveMinimum = true) double r)
            implements AnnotationGeometry {
    }

    /** An arrow from its tail (x1, y1) to its head (x2, y2). */
    @Schema(name = "AnnotationArrowGeometry", description = "kind arrow: from the tail (x1, y1) to the head (x2, y2), "
            + "two distinct points, " + COORD)
    record Arrow(double x1, double y1, double x2, double y2) implements AnnotationGeometry {
    }

    /** A note pinned at a point. */
    @Schema(name = "AnnotationNoteGeometry", description = "kind note: the point the note is pinned to, " + COORD)
    record Note(double x, double y) implements AnnotationGeometry {
    }

    /** A freehand stroke: the points in drawing order. */
    @Schema(name = "AnnotationFreehandGeometry", description = "kind freehand: the stroke's points [x, y] in drawing "
            + "order, 2 to " + MAX_POINTS + " of them, " + COORD)
    record Freehand(@ArraySchema(minItems = 2, maxItems = MAX_POINTS,
            arraySchema = @Schema(description = "each point is an array of exactly two numbers [x, y]"))
                    List<List<Double>> points) implements AnnotationGeometry {

        public Freehand {
            points = points.stream().map(List::copyOf).toList();
        }
    }

    /** The stored JSON of a geometry. */
    static String write(AnnotationGeometry g) {
        return Json.write(g);
    }

    /** Reads a stored geometry of a kind. */
    static AnnotationGeometry read(String kind, String json) {
        Class<? extends AnnotationGeometry> type = switch (kind) {
            case "rect" -> Rect.class;
            case "circle" -> Circle.class;
            case "arrow" -> Arrow.class;
            case "note" -> Note.class;
            case "freehand" -> Freehand.class;
            default -> throw new IllegalStateException("unknown stored annotation kind " + kind);
        };
        return Json.read(json, type);
    }

    /**
     * Reads the {@code geometry} of a request for a known kind; problems are added to {@code errors} (located under
     * {@code body.geometry}) and null is returned.
     */
    static AnnotationGeometry parse(String kind, JsonNode node, List<ErrorBodies.FieldError> errors) {
        var r = new Reader(node, errors);
        if (!node.isObject()) {
            r.error(List.of(), "Input should be an object: the geometry of a " + kind + " is " + shape(kind),
                    "model_type");
            return null;
        }
        List<String> fields = switch (kind) {
            case "rect" -> List.of("x", "y", "w", "h");
            case "circle" -> List.of("cx", "cy", "r");
            case "arrow" -> List.of("x1", "y1", "x2", "y2");
            case "note" -> List.of("x", "y");
            default -> List.of("points");
        };
        Set<String> extra = new LinkedHashSet<>(node.propertyNames());
        fields.forEach(extra::remove);
        for (String name : extra) {
            r.error(List.of(name), "Extra inputs are not permitted: the geometry of a " + kind + " is " + shape(kind),
                    "extra_forbidden");
        }
        if (kind.equals("freehand")) {
            return r.freehand();
        }
        double[] v = new double[fields.size()];
        boolean ok = true;
        for (int i = 0; i < fields.size(); i++) {
            Double d = r.number(List.of(fields.get(i)), node.get(fields.get(i)));
            ok &= d != null;
            v[i] = d == null ? 0 : d;
        }
        if (!ok || !extra.isEmpty()) {
            return null;
        }
        switch (kind) {
            case "rect" -> {
                ok = r.positive("w", v[2]) & r.positive("h", v[3]);
                return ok ? new Rect(v[0], v[1], v[2], v[3]) : null;
            }
            case "circle" -> {
                return r.positive("r", v[2]) ? new Circle(v[0], v[1], v[2]) : null;
            }
            case "arrow" -> {
                if (v[0] == v[2] && v[1] == v[3]) {
                    r.error(List.of(), "An arrow needs two distinct points: (x1, y1) and (x2, y2) are the same",
                            "value_error");
                    return null;
                }
                return new Arrow(v[0], v[1], v[2], v[3]);
            }
            default -> {
                return new Note(v[0], v[1]);
            }
        }
    }

    /** The fields of a kind's geometry, for messages. */
    static String shape(String kind) {
        return switch (kind) {
            case "rect" -> "{x, y, w, h}";
            case "circle" -> "{cx, cy, r}";
            case "arrow" -> "{x1, y1, x2, y2}";
            case "note" -> "{x, y}";
            default -> "{points: [[x, y], ...]}";
        };
    }

    /** Reads numbers out of a geometry node, recording problems under body.geometry. */
    final class Reader {

        private final JsonNode node;
        private final List<ErrorBodies.FieldError> errors;

        Reader(JsonNode node, List<ErrorBodies.FieldError> errors) {
            this.node = node;
            this.errors = errors;
        }

        void error(List<Object> path, String msg, String type) {
            var loc = new ArrayList<Object>(List.of("body", "geometry"));
            loc.addAll(path);
            errors.add(new ErrorBodies.FieldError(loc, msg, type));
        }

        Double number(List<Object> path, JsonNode n) {
            if (n == null || n.isNull()) {
                error(path, "Field required", "missing");
                return null;
            }
            if (!n.isNumber()) {
                error(path, "Input should be a valid number", "float_type");
                return null;
            }
            double d = n.doubleValue();
            if (!Double.isFinite(d) || Math.abs(d) > LIMIT) {
                error(path, "Input should be between -" + (long) LIMIT + " and " + (long) LIMIT + " points",
                        "value_error");
                return null;
            }
            return d;
        }

        boolean positive(String field, double d) {
            if (d > 0) {
                return true;
            }
            error(List.of(field), "Input should be greater than 0", "greater_than");
            return false;
        }

        Freehand freehand() {
            JsonNode points = node.get("points");
            if (points == null || points.isNull()) {
                error(List.of("points"), "Field required", "missing");
                return null;
            }
            if (!points.isArray()) {
                error(List.of("points"), "Input should be a valid list of [x, y] points", "list_type");
                return null;
            }
            if (points.size() < 2) {
                error(List.of("points"), "A freehand stroke needs at least 2 points", "too_short");
                return null;
            }
            if (points.size() > MAX_POINTS) {
                error(List.of("points"), "A freehand stroke has at most " + MAX_POINTS + " points (it has "
                        + points.size() + "); simplify the stroke or split it", "too_long");
                return null;
            }
            var out = new ArrayList<List<Double>>(points.size());
            boolean ok = true;
            for (int i = 0; i < points.size(); i++) {
                JsonNode p = points.get(i);
                if (!p.isArray() || p.size() != 2) {
                    error(List.of("points", i), "Input should be a point: an array of exactly two numbers [x, y]",
                            "value_error");
                    ok = false;
                    continue;
                }
                Double x = number(List.of("points", i, 0), p.get(0));
                Double y = number(List.of("points", i, 1), p.get(1));
                if (x == null || y == null) {
                    ok = false;
                    continue;
                }
                out.add(List.of(x, y));
            }
            return ok && errors.isEmpty() ? new Freehand(out) : null;
        }
    }
}
