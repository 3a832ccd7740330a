package dev.preflight.engine.checks.largeformat;

import dev.preflight.engine.checks.Scale;
import org.junit.jupiter.api.Test;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static org.assertj.core.api.Assertions.assertThat;

class LargeFormatScalingTests {

    @Test
    void reportsUserUnitAsScalingFactorPerPage() {
        var facts = doc().page(fill()).page(fill()).userUnit(2, 10).build();
        assertThat(run(new LargeFormatScalingCheck(), facts)).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(2);
            assertThat(f.details()).containsEntry("scaling_factor", 10.0).containsEntry("scaling_source", "user_unit")
                    .containsEntry("resolution_multiplier", 10.0).containsEntry("size_multiplier", 0.1);
        });
    }

    @Test
    void reportsParametersAndStaysSilentWithoutScaling() {
        assertThat(run(new LargeFormatScalingCheck(), page(fill()))).isEmpty();
        assertThat(run(new LargeFormatScalingCheck(), page(fill()), params("scaling_factor", 4.0,
                "viewing_distance_m", 2.0))).singleElement().satisfies(f -> assertThat(f.details())
                .containsEntry("resolution_multiplier", 2.0).containsEntry("viewing_distance_m", 2.0));
    }

    @Test
    void theMessageGivesWholeFactorsWithoutDecimalsAndOthersWithThree() {
        assertThat(run(new LargeFormatScalingCheck(), page(fill()), params("scaling_factor", 4.0))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Page 1 is judged at scaling factor 4"));
        assertThat(run(new LargeFormatScalingCheck(), page(fill()), params("scaling_factor", 2.5,
                "viewing_distance_m", 1.25))).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("Page 1 is judged at scaling factor 2.500 and viewing distance 1.250 m"));
    }

    @Test
    void scaleFormulasFollowGwgR0037() {
        var s = new Scale(10, "parameter", 4.0);
        assertThat(s.resolution(240)).isEqualTo(600.0);
        assertThat(s.size(5)).isEqualTo(0.5);
        assertThat(Scale.below(11.9999999999, 12)).isFalse();
        assertThat(Scale.below(11.99, 12)).isTrue();
        assertThat(Scale.atOrBelow(149.0000000001, 149)).isTrue();
    }
}
