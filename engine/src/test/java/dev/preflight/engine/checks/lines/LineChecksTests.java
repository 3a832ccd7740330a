package dev.preflight.engine.checks.lines;

import dev.preflight.engine.Finding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.gray;
import static dev.preflight.engine.checks.ContentFacts.lineFill;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static org.assertj.core.api.Assertions.assertThat;

class LineChecksTests {

    @ParameterizedTest(name = "GWG R0018 white line {0} pt, limit {1} -> {2}")
    @CsvSource({"0.2499,0.25,1", "0.25,0.25,0", "0.2501,0.25,0", "0.1499,0.15,1", "0.15,0.15,0", "0.29,0.3,1",
            "0,0.25,1"})
    void thinWhiteLinesAtVariantLimits(double width, double limit, int expected) {
        assertThat(run(new WhiteThinLineCheck(), page(stroke(width).stroke(cmyk(0, 0, 0, 0))),
                params("min_width_pt", limit))).hasSize(expected);
        assertThat(run(new WhiteThinLineCheck(), page(lineFill(width).fill(gray(1))),
                params("min_width_pt", limit))).hasSize(expected);
    }

    @Test
    void whiteLinesOverNothingAreSkippedWithReason() {
        List<Finding> f = run(new WhiteThinLineCheck(), page(stroke(0.1).stroke(gray(1)),
                stroke(0.1).stroke(gray(1)).notOverlapping()));
        assertThat(f).singleElement().satisfies(x -> assertThat(x.details())
                .containsEntry("skipped_not_overlapping", 1).containsEntry("line_width", 0.1)
                .containsEntry("min_width_pt", 0.25));
    }

    @ParameterizedTest(name = "GWG R0019 multi-channel line {0} pt, limit {1} -> {2}")
    @CsvSource({"0.2499,0.25,1", "0.25,0.25,0", "0.2501,0.25,0", "1.49,1.5,1", "1.5,1.5,0"})
    void thinMultichannelLines(double width, double limit, int expected) {
        assertThat(run(new MultichannelThinLineCheck(), page(stroke(width).stroke(cmyk(0.2, 0, 0, 1))),
                params("min_width_pt", limit))).hasSize(expected);
        assertThat(run(new MultichannelThinLineCheck(), page(stroke(width)), params("min_width_pt", limit)))
                .isEmpty();
    }

    @ParameterizedTest(name = "GWG R0012 DeviceGray black line {0} pt -> {1}")
    @CsvSource({"1.99,1", "2,0", "2.01,0"})
    void thinBlackLinesInDeviceGray(double width, int expected) {
        assertThat(run(new BlackGrayThinLineCheck(), page(stroke(width).stroke(gray(0))))).hasSize(expected);
        assertThat(run(new BlackGrayThinLineCheck(), page(stroke(width)))).isEmpty();
    }

    @Test
    void hairlinesAndThinLines() {
        assertThat(run(new HairlineCheck(), page(stroke(0), stroke(0.1), lineFill(0.05)))).hasSize(1);
        assertThat(run(new ThinLineCheck(), page(stroke(0), stroke(0.1), stroke(0.125), lineFill(0.05))))
                .hasSize(3);
        assertThat(run(new ThinLineCheck(), page(fill()))).isEmpty();
    }

    @Test
    void lineWidthLimitScalesWithUserUnit() {
        var facts = doc().page(stroke(0.1).stroke(cmyk(0.5, 0.5, 0, 0))).userUnit(1, 4).build();
        assertThat(run(new MultichannelThinLineCheck(), facts)).isEmpty();
        var thinner = doc().page(stroke(0.06).stroke(cmyk(0.5, 0.5, 0, 0))).userUnit(1, 4).build();
        assertThat(run(new MultichannelThinLineCheck(), thinner)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("min_width_pt", 0.063));
    }

    @Test
    void lightTintThinLines() {
        assertThat(run(new LightTintThinLineCheck(), page(stroke(0.3).stroke(cmyk(0.05, 0, 0, 0))))).hasSize(1);
        assertThat(run(new LightTintThinLineCheck(), page(stroke(0.3).stroke(sep("Gold", 0.1))))).isEmpty();
        assertThat(run(new LightTintThinLineCheck(), page(stroke(0.6).stroke(cmyk(0.05, 0, 0, 0))))).isEmpty();
        assertThat(run(new LightTintThinLineCheck(), page(stroke(0.3).stroke(gray(0.95))))).hasSize(1);
    }
}
