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
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class BrandChecksTests {

    private static final Map<String, Object> RED_AND_BLUE = params(
            "color_names", List.of("Brand red", "Brand blue"),
            "color_values", List.of("cmyk(0, 100, 100, 0)", "#0047AB"));

    @Test
    void parsesTheNotationsOfABrandGuide() {
        assertThat(BrandColor.parse("#E30613").values()).containsExactly(227 / 255.0, 6 / 255.0, 19 / 255.0);
        assertThat(BrandColor.parse("#fff").values()).containsExactly(1.0, 1.0, 1.0);
        assertThat(BrandColor.parse("Navy").values()).containsExactly(0.0, 0.0, 128 / 255.0);
        assertThat(BrandColor.parse("rgb(255, 0, 51)").family()).isEqualTo(BrandColor.Family.RGB);
        assertThat(BrandColor.parse("rgb(100% 0% 20%)").values()).containsExactly(1.0, 0.0, 0.2);
        BrandColor c = BrandColor.parse("cmyk(0%, 100%, 90%, 5%)");
        assertThat(c.family()).isEqualTo(BrandColor.Family.CMYK);
        assertThat(c.values()).containsExactly(0.0, 1.0, 0.9, 0.05);
        assertThat(c.describe()).isEqualTo("CMYK 0/100/90/5");
        assertThat(BrandColor.names()).hasSize(148);
    }

    @Test
    void rejectsWhatIsNotAColourWithAReadableMessage() {
        assertThatThrownBy(() -> BrandColor.parse("#12345")).hasMessageContaining("is not a colour");
        assertThatThrownBy(() -> BrandColor.parse("cmyk(0, 100, 100)")).hasMessageContaining("takes 4 components");
        assertThatThrownBy(() -> BrandColor.parse("rgb(300, 0, 0)")).hasMessageContaining("above 255");
        assertThatThrownBy(() -> BrandColor.parse("cmyk(0, -5, 0, 0)")).hasMessageContaining("not a non-negative");
        assertThatThrownBy(() -> BrandColor.parse("blurple")).hasMessageContaining("cmyk(c, m, y, k)");
        assertThatThrownBy(() -> BrandColor.parse(" ")).hasMessageContaining("required");
    }

    @Test
    void deltaEOfSrgbMatchesKnownValues() {
        // sRGB white is L*=100, a*=b*=0 (D65); pure red is about L*53.2 a*80.1 b*67.2.
        assertThat(BrandColor.lab(List.of(1.0, 1.0, 1.0))[0]).isCloseTo(100, within(0.01));
        double[] red = BrandColor.lab(List.of(1.0, 0.0, 0.0));
        assertThat(red[0]).isCloseTo(53.24, within(0.05));
        assertThat(red[1]).isCloseTo(80.09, within(0.05));
        assertThat(red[2]).isCloseTo(67.20, within(0.05));
    }

    @Test
    void reportsACmykBuildNearButOffTheBrandColour() {
        List<Finding> f = run(new BrandColorCheck(), page(fill().fill(cmyk(0, 0.9, 1, 0))), RED_AND_BLUE);
        assertThat(f).hasSize(1);
        assertThat(f.get(0).message()).isEqualTo(
                "Fill DeviceCMYK 0/0.9/1/0 is close to brand colour \"Brand red\" (CMYK 0/100/100/0) but off by 10.0 %");
        assertThat(f.get(0).details()).containsEntry("brand_color", "Brand red")
                .containsEntry("ink_difference_percent", 10.0);
        assertThat(f.get(0).severity().wire()).isEqualTo("advisory");
    }

    @Test
    void exactBuildsFarColoursOtherModelsAndSpotsPass() {
        assertThat(run(new BrandColorCheck(), page(fill().fill(cmyk(0, 0.99, 1, 0)), fill().fill(cmyk(1, 0, 0, 0)),
                fill().fill(sep("PANTONE 485 C", 1)), fill().fill(rgb(0, 0.28, 0.67))), RED_AND_BLUE)).isEmpty();
    }

    @Test
    void comparesRgbPaintsWithRgbBrandColoursByDeltaE() {
        List<Finding> f = run(new BrandColorCheck(), page(stroke(1).stroke(rgb(0.05, 0.33, 0.70))), RED_AND_BLUE);
        assertThat(f).hasSize(1);
        assertThat(f.get(0).message()).startsWith("Stroke DeviceRGB").contains("\"Brand blue\" (RGB 0/71/171)");
        assertThat(((Number) f.get(0).details().get("delta_e")).doubleValue()).isBetween(3.0, 12.0);
    }

    @Test
    void greyIsJudgedAsBlackInkAgainstCmykBrandColours() {
        var black = params("color_names", List.of("Text black"), "color_values", List.of("cmyk(0,0,0,100)"));
        assertThat(run(new BrandColorCheck(), page(fill().fill(gray(0.1))), black)).hasSize(1);
        assertThat(run(new BrandColorCheck(), page(fill().fill(gray(0))), black)).isEmpty();
    }

    @Test
    void withoutBrandColoursNothingIsReported() {
        assertThat(run(new BrandColorCheck(), page(fill().fill(cmyk(0, 0.9, 1, 0))))).isEmpty();
    }

    @Test
    void reportsRichBlacksBuiltOffTheSpecifiedRichBlack() {
        var spec = params("target_c", 60.0, "target_m", 40.0, "target_y", 40.0, "target_k", 100.0);
        List<Finding> f = run(new BrandRichBlackCheck(), page(fill().fill(cmyk(0.3, 0.3, 0.3, 1)),
                fill().fill(cmyk(0.6, 0.4, 0.41, 1)), fill().fill(cmyk(0, 0, 0, 1)), fill().fill(cmyk(0.5, 0.5, 0.5, 0.5))),
                spec);
        assertThat(f).hasSize(1);
        assertThat(f.get(0).message()).isEqualTo(
                "Rich black C30 M30 Y30 K100 differs from the specified rich black C60 M40 Y40 K100 by 30 %");
        assertThat(f.get(0).details()).containsEntry("rich_black_spec", "C60 M40 Y40 K100");
    }

    @Test
    void richBlackWithoutTargetReportsNothing() {
        assertThat(run(new BrandRichBlackCheck(), page(fill().fill(cmyk(0.3, 0.3, 0.3, 1))))).isEmpty();
    }
}
