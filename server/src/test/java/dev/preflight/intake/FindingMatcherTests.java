package dev.preflight.intake;

import dev.preflight.support.DatabaseIndependent;
import dev.preflight.findings.Finding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which finding of a rerun reproduces which previous finding. */
@DatabaseIndependent
class FindingMatcherTests {

    private static Finding f(String id, String severity, int page, String object, List<Double> bbox) {
        return new Finding(null, id, severity, "m", page, bbox, object, null, null, null, null, "engine", null, null,
                null);
    }

    @Test
    void pairsOnInspectionPageObjectAndLocationNotOnSeverityOrMessage() {
        var previous = List.of(f("IMG_RES_LOW", "error", 1, "5 0 R", List.of(10.0, 10.0, 50.0, 50.0)),
                f("FONT_NOT_EMBEDDED", "error", 0, null, null));
        var current = List.of(f("IMG_RGB", "warning", 1, "5 0 R", List.of(10.0, 10.0, 50.0, 50.0)),
                f("IMG_RES_LOW", "warning", 1, "5 0 R", List.of(10.4, 9.6, 50.9, 50.0)));
        assertThat(FindingMatcher.match(previous, current)).containsExactly(-1, 0);
    }

    @Test
    void aMovedLocationOrAnotherPageOrObjectIsNotTheSameFinding() {
        var previous = List.of(f("A", "error", 1, "1 0 R", List.of(0.0, 0.0, 10.0, 10.0)));
        assertThat(FindingMatcher.match(previous, List.of(f("A", "error", 1, "1 0 R", List.of(0.0, 0.0, 11.5, 10.0)))))
                .containsExactly(-1);
        assertThat(FindingMatcher.match(previous, List.of(f("A", "error", 2, "1 0 R", List.of(0.0, 0.0, 10.0, 10.0)))))
                .containsExactly(-1);
        assertThat(FindingMatcher.match(previous, List.of(f("A", "error", 1, "2 0 R", List.of(0.0, 0.0, 10.0, 10.0)))))
                .containsExactly(-1);
        assertThat(FindingMatcher.match(previous, List.of(f("A", "error", 1, "1 0 R", null)))).containsExactly(-1);
    }

    @Test
    void pairsOneToOneInReportOrder() {
        var previous = List.of(f("A", "error", 0, null, null), f("A", "error", 0, null, null));
        var current = List.of(f("A", "error", 0, null, null), f("A", "error", 0, null, null),
                f("A", "error", 0, null, null));
        assertThat(FindingMatcher.match(previous, current)).containsExactly(0, 1, -1);
    }
}
