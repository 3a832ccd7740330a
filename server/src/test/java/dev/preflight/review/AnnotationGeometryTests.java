package dev.preflight.review;

import dev.preflight.support.DatabaseIndependent;
import dev.preflight.platform.ErrorBodies.FieldError;
import dev.preflight.platform.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading an annotation's geometry from a request: each kind's shape, its limits, and where each problem is told. */
@DatabaseIndependent
class AnnotationGeometryTests {

    private final List<FieldError> errors = new ArrayList<>();

    private AnnotationGeometry parse(String kind, String json) {
        JsonNode node = Json.mapper().readTree(json);
        return AnnotationGeometry.parse(kind, node, errors);
    }

    private static FieldError error(String msg, String type, Object... path) {
        var loc = new ArrayList<Object>(List.of("body", "geometry"));
        loc.addAll(List.of(path));
        return new FieldError(loc, msg, type);
    }

    private static String points(int n) {
        var sb = new StringBuilder("{\"points\": [");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ",").append('[').append(i).append(',').append(i * 2).append(']');
        }
        return sb.append("]}").toString();
    }

    @Test
    void readsEveryKind() {
        assertThat(parse("rect", "{\"x\": 1, \"y\": 2, \"w\": 3, \"h\": 4}"))
                .isEqualTo(new AnnotationGeometry.Rect(1, 2, 3, 4));
        assertThat(parse("circle", "{\"cx\": 1, \"cy\": 2, \"r\": 0.5}"))
                .isEqualTo(new AnnotationGeometry.Circle(1, 2, 0.5));
        assertThat(parse("arrow", "{\"x1\": 1, \"y1\": 2, \"x2\": 3, \"y2\": 4}"))
                .isEqualTo(new AnnotationGeometry.Arrow(1, 2, 3, 4));
        assertThat(parse("note", "{\"x\": -1.5, \"y\": 2}")).isEqualTo(new AnnotationGeometry.Note(-1.5, 2));
        assertThat(parse("freehand", "{\"points\": [[1, 2], [3, 4.5]]}"))
                .isEqualTo(new AnnotationGeometry.Freehand(List.of(List.of(1.0, 2.0), List.of(3.0, 4.5))));
        assertThat(errors).isEmpty();
    }

    @Test
    void aGeometryThatIsNotAnObjectIsRefusedWithItsKindsShape() {
        assertThat(parse("circle", "[1, 2, 3]")).isNull();
        assertThat(errors).containsExactly(error("Input should be an object: the geometry of a circle is {cx, cy, r}",
                "model_type"));
    }

    @Test
    void eachKindNamesItsShapeWhenAFieldIsExtra() {
        assertThat(parse("rect", "{\"x\": 1, \"y\": 2, \"w\": 3, \"h\": 4, \"r\": 1}")).isNull();
        assertThat(parse("circle", "{\"cx\": 1, \"cy\": 2, \"r\": 3, \"x\": 1}")).isNull();
        assertThat(parse("arrow", "{\"x1\": 1, \"y1\": 2, \"x2\": 3, \"y2\": 4, \"x\": 1}")).isNull();
        assertThat(parse("note", "{\"x\": 1, \"y\": 2, \"z\": 1}")).isNull();
        assertThat(parse("freehand", "{\"points\": [[1, 2], [3, 4]], \"closed\": true}")).isNull();
        assertThat(errors).containsExactly(
                error("Extra inputs are not permitted: the geometry of a rect is {x, y, w, h}", "extra_forbidden", "r"),
                error("Extra inputs are not permitted: the geometry of a circle is {cx, cy, r}", "extra_forbidden",
                        "x"),
                error("Extra inputs are not permitted: the geometry of a arrow is {x1, y1, x2, y2}", "extra_forbidden",
                        "x"),
                error("Extra inputs are not permitted: the geometry of a note is {x, y}", "extra_forbidden", "z"),
                error("Extra inputs are not permitted: the geometry of a freehand is {points: [[x, y], ...]}",
                        "extra_forbidden", "closed"));
    }

    @Test
    void missingAndNonNumericFieldsAreEachReported() {
        assertThat(parse("rect", "{\"x\": null, \"w\": \"3\", \"h\": 4}")).isNull();
        assertThat(errors).containsExactly(error("Field required", "missing", "x"),
                error("Field required", "missing", "y"), error("Input should be a valid number", "float_type", "w"));
    }

    @Test
    void aMissingOrNonNumericCoordinateRefusesTheGeometry() {
        assertThat(parse("note", "{\"x\": 1}")).isNull();
        assertThat(parse("note", "{\"x\": 1, \"y\": \"2\"}")).isNull();
        assertThat(errors).containsExactly(error("Field required", "missing", "y"),
                error("Input should be a valid number", "float_type", "y"));
    }

    @Test
    void coordinatesUpToTheLimitAreAcceptedAndPastItRefused() {
        assertThat(parse("note", "{\"x\": 100000, \"y\": -100000}")).isEqualTo(new AnnotationGeometry.Note(100000,
                -100000));
        assertThat(errors).isEmpty();
        assertThat(parse("note", "{\"x\": 100000.5, \"y\": -100000.5}")).isNull();
        assertThat(errors).containsExactly(
                error("Input should be between -100000 and 100000 points", "value_error", "x"),
                error("Input should be between -100000 and 100000 points", "value_error", "y"));
    }

    @Test
    void sizesMustBeGreaterThanZero() {
        assertThat(parse("rect", "{\"x\": 0, \"y\": 0, \"w\": 0, \"h\": -1}")).isNull();
        assertThat(errors).containsExactly(error("Input should be greater than 0", "greater_than", "w"),
                error("Input should be greater than 0", "greater_than", "h"));
        errors.clear();
        assertThat(parse("rect", "{\"x\": 0, \"y\": 0, \"w\": 0.001, \"h\": 0}")).isNull();
        assertThat(errors).containsExactly(error("Input should be greater than 0", "greater_than", "h"));
        errors.clear();
        assertThat(parse("circle", "{\"cx\": 0, \"cy\": 0, \"r\": 0}")).isNull();
        assertThat(errors).containsExactly(error("Input should be greater than 0", "greater_than", "r"));
    }

    @Test
    void anArrowNeedsTwoDistinctPointsButOneSharedCoordinateIsFine() {
        assertThat(parse("arrow", "{\"x1\": 1, \"y1\": 2, \"x2\": 1, \"y2\": 2}")).isNull();
        assertThat(errors).containsExactly(error(
                "An arrow needs two distinct points: (x1, y1) and (x2, y2) are the same", "value_error"));
        errors.clear();
        assertThat(parse("arrow", "{\"x1\": 1, \"y1\": 2, \"x2\": 1, \"y2\": 3}")).isNotNull();
        assertThat(parse("arrow", "{\"x1\": 1, \"y1\": 2, \"x2\": 5, \"y2\": 2}")).isNotNull();
        assertThat(errors).isEmpty();
    }

    @Test
    void aFreehandStrokeHasTwoToAThousandPoints() {
        assertThat(parse("freehand", points(2))).isNotNull();
        assertThat(((AnnotationGeometry.Freehand) parse("freehand", points(1000))).points()).hasSize(1000);
        assertThat(errors).isEmpty();
        assertThat(parse("freehand", points(1))).isNull();
        assertThat(parse("freehand", points(1001))).isNull();
        assertThat(errors).containsExactly(
                error("A freehand stroke needs at least 2 points", "too_short", "points"),
                error("A freehand stroke has at most 1000 points (it has 1001); simplify the stroke or split it",
                        "too_long", "points"));
    }

    @Test
    void freehandPointsMustBeAListOfNumberPairs() {
        assertThat(parse("freehand", "{}")).isNull();
        assertThat(parse("freehand", "{\"points\": null}")).isNull();
        assertThat(parse("freehand", "{\"points\": {\"x\": 1}}")).isNull();
        assertThat(errors).containsExactly(error("Field required", "missing", "points"),
                error("Field required", "missing", "points"),
                error("Input should be a valid list of [x, y] points", "list_type", "points"));
        errors.clear();
        assertThat(parse("freehand", "{\"points\": [[1, 2], 3, [1, 2, 3], [\"a\", 1], [1, 200000], [5, 6]]}"))
                .isNull();
        String notAPoint = "Input should be a point: an array of exactly two numbers [x, y]";
        assertThat(errors).containsExactly(error(notAPoint, "value_error", "points", 1),
                error(notAPoint, "value_error", "points", 2),
                error("Input should be a valid number", "float_type", "points", 3, 0),
                error("Input should be between -100000 and 100000 points", "value_error", "points", 4, 1));
    }

    @Test
    void aBadFirstCoordinateStillHasTheSecondChecked() {
        assertThat(parse("freehand", "{\"points\": [[\"a\", \"b\"], [1, 2]]}")).isNull();
        assertThat(errors).containsExactly(error("Input should be a valid number", "float_type", "points", 0, 0),
                error("Input should be a valid number", "float_type", "points", 0, 1));
    }

    @Test
    void storedGeometriesReadBackAsTheirKind() {
        List<AnnotationGeometry> all = List.of(new AnnotationGeometry.Rect(1, 2, 3, 4),
                new AnnotationGeometry.Circle(1, 2, 3), new AnnotationGeometry.Arrow(1, 2, 3, 4),
                new AnnotationGeometry.Note(1, 2),
                new AnnotationGeometry.Freehand(List.of(List.of(1.0, 2.0), List.of(3.0, 4.0))));
        for (int i = 0; i < all.size(); i++) {
            String kind = AnnotationGeometry.KINDS.get(i);
            assertThat(AnnotationGeometry.read(kind, AnnotationGeometry.write(all.get(i)))).isEqualTo(all.get(i));
        }
        assertThatThrownBy(() -> AnnotationGeometry.read("polygon", "{}")).isInstanceOf(IllegalStateException.class)
                .hasMessage("unknown stored annotation kind polygon");
    }
}
