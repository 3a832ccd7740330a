package dev.preflight.engine.checks.text;

import dev.preflight.engine.Finding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.gray;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

class TextChecksTests {

    @ParameterizedTest(name = "GWG R0015 CMYK {0}/{1}/{2}/{3} -> {4}")
    @CsvSource({
            "0.65,0.65,0.65,0.85,0",   // K at limit, sum exactly 2.80 -> not above
            "0.66,0.65,0.65,0.85,1",   // sum 2.81 above
            "0.60,0.60,0.60,1.00,0",   // sum exactly 2.80
            "0.61,0.60,0.60,1.00,1",
            "0.90,0.90,0.90,0.84,0",   // K just below 0.85
            "0,0,0,1,0"})
    void richBlackTextNeedsBothKAndSum(double c, double m, double y, double k, int expected) {
        assertThat(run(new RichBlackTextCheck(), page(text(10).fill(cmyk(c, m, y, k))))).hasSize(expected);
    }

    @Test
    void richBlackDetailsAndNewspaperSum() {
        List<Finding> f = run(new RichBlackTextCheck(), page(text(10).fill(cmyk(0.5, 0.4, 0.4, 1))),
                params("max_sum", 2.2));
        assertThat(f).singleElement().satisfies(x -> assertThat(x.details()).containsEntry("cmyk_sum", 2.3)
                .containsEntry("k", 1.0));
    }

    @ParameterizedTest(name = "GWG R0016 white text {0} pt, limit {1} -> {2}")
    @CsvSource({"7.99,8,1", "8,8,0", "8.01,8,0", "4.99,5,1", "5,5,0", "9.99,10,1"})
    void smallWhiteTextAtVariantLimits(double size, double limit, int expected) {
        var white = text(size).fill(cmyk(0, 0, 0, 0));
        assertThat(run(new WhiteSmallTextCheck(), page(white), params("min_size_pt", limit))).hasSize(expected);
    }

    @Test
    void smallWhiteTextOnNothingIsSkippedWithReason() {
        List<Finding> f = run(new WhiteSmallTextCheck(), page(text(6).fill(gray(1)),
                text(6).fill(gray(1)).notOverlapping()));
        assertThat(f).singleElement().satisfies(x -> assertThat(x.details())
                .containsEntry("skipped_not_overlapping", 1).containsEntry("font_size", 6.0)
                .containsEntry("min_size_pt", 8.0));
        assertThat(f.get(0).bbox()).containsExactly(100.0, 100.0, 200.0, 120.0);
    }

    @ParameterizedTest(name = "GWG R0017 {0} pt, limit {1} -> {2}")
    @CsvSource({"7.99,8,1", "8,8,0", "8.01,8,0", "13.99,14,1", "14,14,0"})
    void smallMultichannelText(double size, double limit, int expected) {
        var rich = text(size).fill(cmyk(0.5, 0.5, 0, 0));
        assertThat(run(new MultichannelSmallTextCheck(), page(rich), params("min_size_pt", limit)))
                .hasSize(expected);
    }

    @Test
    void singleChannelTextIsNotMultichannel() {
        assertThat(run(new MultichannelSmallTextCheck(), page(text(4)))).isEmpty();
        assertThat(run(new MultichannelSmallTextCheck(), page(text(4).fill(sep("Gold", 1))))).isEmpty();
        assertThat(run(new MultichannelSmallTextCheck(), page(text(4).fill(rgb(0, 0, 0))))).hasSize(1);
        assertThat(run(new MultichannelSmallTextCheck(), page(text(4).fill(cmyk(0, 0, 0, 0))))).isEmpty();
    }

    @ParameterizedTest(name = "GWG R0011 DeviceGray black text {0} pt -> {1}")
    @CsvSource({"11.99,1", "12,0", "12.01,0"})
    void smallBlackTextInDeviceGray(double size, int expected) {
        assertThat(run(new BlackGrayTextCheck(), page(text(size).fill(gray(0))))).hasSize(expected);
        assertThat(run(new BlackGrayTextCheck(), page(text(size)))).isEmpty();
        assertThat(run(new BlackGrayTextCheck(), page(text(size).fill(gray(0.2))))).isEmpty();
    }

    @Test
    void smallTextScalesWithScalingFactor() {
        assertThat(run(new SmallTextCheck(), page(text(4.99)))).hasSize(1);
        assertThat(run(new SmallTextCheck(), page(text(5)))).isEmpty();
        assertThat(run(new SmallTextCheck(), page(text(1)), params("scaling_factor", 5.0))).isEmpty();
        assertThat(run(new SmallTextCheck(), doc().page(text(0.99)).userUnit(1, 5).build())).hasSize(1);
    }

    @Test
    void invisibleAndCoveredText() {
        assertThat(run(new InvisibleTextCheck(), page(text(10).renderMode(3), text(10)))).hasSize(1);
        assertThat(run(new CoveredTextCheck(), page(text(10).hidden("covered"), text(10).hidden("clipped"))))
                .hasSize(1);
        assertThat(run(new CoveredTextCheck(), page(text(10)))).isEmpty();
    }

    @Test
    void textOutlineThinness() {
        var outlined = text(20).renderMode(1).stroke(cmyk(0, 0, 0, 1)).width(0.1);
        assertThat(run(new ThinTextOutlineCheck(), page(outlined))).hasSize(1);
        assertThat(run(new ThinTextOutlineCheck(), page(text(20).renderMode(1).stroke(cmyk(0, 0, 0, 1))
                .width(0.25)))).isEmpty();
        assertThat(run(new ThinTextOutlineCheck(), page(text(20)))).isEmpty();
    }

    @Test
    void textAgainstTrim() {
        double mm = 72 / 25.4;
        // trim is (10,10)-(605,852)
        var near = text(10).at(10 + 2.9 * mm, 400, 200, 412);
        var safe = text(10).at(10 + 3.1 * mm, 400, 200, 412);
        var crossing = text(10).at(5, 400, 200, 412);
        var outside = text(10).at(1, 400, 8, 412);
        assertThat(run(new TextNearTrimCheck(), page(near, safe, crossing, outside))).hasSize(1);
        assertThat(run(new TextCrossesTrimCheck(), page(near, safe, crossing, outside))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("beyond_trim_pt", 5.0));
        assertThat(run(new TextOutsideTrimCheck(), page(near, safe, crossing, outside))).hasSize(1);
    }
}
