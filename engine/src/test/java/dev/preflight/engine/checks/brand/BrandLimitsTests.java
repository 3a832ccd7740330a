package dev.preflight.engine.checks.brand;

import dev.preflight.engine.Finding;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.gray;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Brand colours measured exactly: sRGB to L*a*b* against reference values (D65), colour differences, and the
 * tolerance and "near" limits of both checks met exactly.
 */
class BrandLimitsTests {

    @Test
    void srgbConvertsToLabAsTheStandardSays() {
        assertThat(BrandColor.lab(List.of(1.0, 0.0, 0.0))).containsExactly(new double[] {53.2408, 80.0925, 67.2032},
                within(1e-4));
        assertThat(BrandColor.lab(List.of(0.5, 0.4, 0.3))).containsExactly(new double[] {45.0574, 6.4262, 18.2876},
                within(1e-4));
        // dark enough for both the linear part of sRGB and the linear part of L*
        assertThat(BrandColor.lab(List.of(0.02, 0.03, 0.01))).containsExactly(
                new double[] {1.8478, -1.3760, 1.6952}, within(1e-4));
    }

    @Test
    void colourDifferenceIsTheDistanceInLab() {
        assertThat(BrandColor.deltaE(List.of(1.0, 0.0, 0.0), List.of(0.95, 0.0, 0.0))).isCloseTo(4.7775, within(1e-4));
        assertThat(BrandColor.deltaE(List.of(0.5, 0.4, 0.3), List.of(0.45, 0.42, 0.33))).isCloseTo(8.6105,
                within(1e-4));
    }

    @Test
    void aColourValueHasAtMostSixtyFourCharacters() {
        assertThatThrownBy(() -> BrandColor.parse("x".repeat(65))).hasMessage(
                "a colour value has at most 64 characters");
        assertThatThrownBy(() -> BrandColor.parse("x".repeat(64))).isInstanceOf(IllegalArgumentException.class)
                .message().isNotEqualTo("a colour value has at most 64 characters");
    }

    private static Map<String, Object> brand(Object... extra) {
        var p = params(extra);
        p.putIfAbsent("color_values", List.of("cmyk(50, 0, 0, 0)"));
        p.putIfAbsent("color_names", List.of("Sky"));
        return p;
    }

    @Test
    void aCmykColourExactlyAtTheToleranceOrTheNearLimitCounts() {
        // 25 % cyan against the brand's 50 %: 25 percentage points apart
        var facts = page(fill().fill(cmyk(0.25, 0, 0, 0)));
        assertThat(run(new BrandColorCheck(), facts, brand("cmyk_tolerance_percent", 25.0, "cmyk_near_percent", 30.0)))
                .isEmpty();
        Finding f = run(new BrandColorCheck(), facts, brand("cmyk_tolerance_percent", 10.0,
                "cmyk_near_percent", 25.0)).getFirst();
        assertThat(f.message()).isEqualTo(
                "Fill DeviceCMYK 0.25/0/0/0 is close to brand colour \"Sky\" (CMYK 50/0/0/0) but off by 25.0 %");
        assertThat(f.details()).containsEntry("ink_difference_percent", 25.0).containsEntry("brand_color", "Sky")
                .containsEntry("brand_value", "cmyk(50, 0, 0, 0)").containsEntry("role", "fill");
    }

    @Test
    void greyIsComparedAsBlackInk() {
        var facts = page(fill().fill(gray(0.6)));
        assertThat(run(new BrandColorCheck(), facts, brand("color_values", List.of("cmyk(0, 0, 0, 50)"))))
                .singleElement().satisfies(f -> assertThat(f.details()).containsEntry("ink_difference_percent", 10.0));
    }

    @Test
    void theClosestBrandColourWinsAndTheFirstOfEqualOnes() {
        var facts = page(fill().fill(cmyk(0.25, 0, 0, 0)));
        assertThat(run(new BrandColorCheck(), facts, brand("color_values",
                List.of("cmyk(40, 0, 0, 0)", "cmyk(30, 0, 0, 0)"), "color_names", List.of("Far", "Near"))))
                .singleElement().satisfies(f -> assertThat(f.details()).containsEntry("brand_color", "Near"));
        assertThat(run(new BrandColorCheck(), facts, brand("color_values",
                List.of("cmyk(30, 0, 0, 0)", "cmyk(20, 0, 0, 0)"), "color_names", List.of("Above", "Below"))))
                .singleElement().satisfies(f -> assertThat(f.details()).containsEntry("brand_color", "Above"));
    }

    @Test
    void aBrandColourWithoutANameIsCalledByItsValue() {
        var facts = page(fill().fill(cmyk(0.25, 0, 0, 0)), fill().fill(rgb(0.95, 0, 0)).at(300, 300, 400, 400));
        assertThat(run(new BrandColorCheck(), facts, brand("color_values",
                List.of("cmyk(30, 0, 0, 0)", "rgb(255, 0, 0)"), "color_names", List.of("Sky"))))
                .extracting(f -> f.details().get("brand_color")).containsExactly("Sky", "rgb(255, 0, 0)");
    }

    @Test
    void rgbColoursUseTheDeltaELimits() {
        // 0.95 red is 4.78 delta E from pure red
        var facts = page(fill().fill(rgb(0.95, 0, 0)));
        var red = List.of("rgb(255, 0, 0)");
        assertThat(run(new BrandColorCheck(), facts, brand("color_values", red, "rgb_tolerance_delta_e", 5.0,
                "cmyk_tolerance_percent", 1.0))).isEmpty();
        assertThat(run(new BrandColorCheck(), facts, brand("color_values", red, "rgb_near_delta_e", 4.5,
                "cmyk_near_percent", 50.0))).isEmpty();
        assertThat(run(new BrandColorCheck(), facts, brand("color_values", red))).singleElement()
                .satisfies(f -> assertThat((Double) f.details().get("delta_e")).isCloseTo(4.778, within(1e-3)));
    }

    private static Map<String, Object> richBlack(Object... extra) {
        var p = params(extra);
        p.putIfAbsent("target_c", 50.0);
        p.putIfAbsent("target_m", 25.0);
        p.putIfAbsent("target_y", 25.0);
        p.putIfAbsent("target_k", 100.0);
        return p;
    }

    @Test
    void richBlackLimitsHoldExactly() {
        // K 0.75 and C+M+Y 0.75; 75.0000001 % less the 1e-9 tolerance is exactly 0.75 in doubles
        var facts = page(fill().fill(cmyk(0.25, 0.25, 0.25, 0.75)));
        assertThat(run(new BrandRichBlackCheck(), facts, richBlack("min_k_percent", 75.0000001,
                "min_cmy_percent", 10.0))).hasSize(1);
        assertThat(run(new BrandRichBlackCheck(), facts, richBlack("min_k_percent", 50.0,
                "min_cmy_percent", 75.0000001))).hasSize(1);
        assertThat(run(new BrandRichBlackCheck(), facts, richBlack("min_k_percent", 50.0,
                "min_cmy_percent", 60.0))).hasSize(1);
        // 25 points off the target's K 100: at a tolerance of 24.999999999 (+1e-9 = 25) it is still accepted
        assertThat(run(new BrandRichBlackCheck(), facts, richBlack("min_k_percent", 50.0,
                "tolerance_percent", 24.999999999))).isEmpty();
    }
}
