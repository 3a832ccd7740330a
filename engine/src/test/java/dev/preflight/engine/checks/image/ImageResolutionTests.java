package dev.preflight.engine.checks.image;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.facts.DocumentFacts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static org.assertj.core.api.Assertions.assertThat;

class ImageResolutionTests {

    private static DocumentFacts contone(double ppi) {
        return doc().page(image("5 0 R", ppi)).images(img("5 0 R")).build();
    }

    private static DocumentFacts oneBit(double ppi) {
        return doc().page(image("6 0 R", ppi)).images(img("6 0 R").bpc(1).color(
                dev.preflight.engine.facts.PaintColor.device("DeviceGray"))).build();
    }

    private static String level(Check check, DocumentFacts facts) {
        List<Finding> f = run(check, facts);
        return f.isEmpty() ? "none" : f.get(0).severity().wire();
    }

    @ParameterizedTest(name = "GWG R0031 contone at {0} ppi -> {1}")
    @CsvSource({"148.99,error", "149,error", "149.01,warning", "224,warning", "224.01,none", "300,none"})
    void contoneResolutionUsesDualThreshold(double ppi, String expected) {
        assertThat(level(new ImageResolutionLowCheck(), contone(ppi))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "GWG R0032 1-bit at {0} ppi -> {1}")
    @CsvSource({"548.99,error", "549,error", "549.01,warning", "799,warning", "799.01,none"})
    void oneBitResolutionUsesDualThreshold(double ppi, String expected) {
        assertThat(level(new ImageResolutionLowOneBitCheck(), oneBit(ppi))).isEqualTo(expected);
    }

    @Test
    void contoneCheckIgnoresOneBitImagesAndViceVersa() {
        assertThat(run(new ImageResolutionLowCheck(), oneBit(100))).isEmpty();
        assertThat(run(new ImageResolutionLowOneBitCheck(), contone(100))).isEmpty();
    }

    @Test
    void imageMasksCountAsOneBit() {
        var facts = doc().page(image("7 0 R", 300).mask()).images(img("7 0 R").imageMask()).build();
        assertThat(run(new ImageResolutionLowOneBitCheck(), facts)).hasSize(1);
    }

    @Test
    void findingCarriesMeasuredAndRequiredResolutionAndPosition() {
        Finding f = run(new ImageResolutionLowCheck(), contone(100)).get(0);
        assertThat(f.inspectionId()).isEqualTo("IMG_RES_LOW");
        assertThat(f.pageNum()).isEqualTo(1);
        assertThat(f.bbox()).containsExactly(100.0, 100.0, 200.0, 120.0);
        assertThat(f.objectId()).isEqualTo("5 0 R");
        assertThat(f.objectType()).isEqualTo("image");
        assertThat(f.details()).containsEntry("effective_ppi", 100.0).containsEntry("required_ppi", 149.0)
                .containsEntry("level", "error");
    }

    @Test
    void smallerAxisWins() {
        var facts = doc().page(image("5 0 R", 300).ppi(300, 120)).images(img("5 0 R")).build();
        assertThat(run(new ImageResolutionLowCheck(), facts)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("effective_ppi", 120.0));
    }

    @ParameterizedTest(name = "{0}x{1} px exempt={2}")
    @CsvSource({"16,1000,true", "1000,16,true", "17,17,false"})
    void tinyPixelImagesAreExempt(int w, int h, boolean exempt) {
        var facts = doc().page(image("5 0 R", 50)).images(img("5 0 R").size(w, h)).build();
        assertThat(run(new ImageResolutionLowCheck(), facts)).hasSize(exempt ? 0 : 1);
    }

    @Test
    void softMasksAreExemptUnlessAsked() {
        var facts = doc().page(image("5 0 R", 50)).images(img("5 0 R").usedAsSoftMask()).build();
        assertThat(run(new ImageResolutionLowCheck(), facts)).isEmpty();
        assertThat(run(new ImageResolutionLowCheck(), facts, params("exempt_soft_masks", false))).hasSize(1);
    }

    @Test
    void warningThresholdCanBeSwitchedOff() {
        assertThat(run(new ImageResolutionLowCheck(), contone(200), params("warning_ppi", null))).isEmpty();
    }

    @Test
    void profileSeverityWarningKeepsWarningBand() {
        var f = run(new ImageResolutionLowCheck(), contone(100), params(), Severity.WARNING);
        assertThat(f.get(0).severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void hiddenAndHiddenLayerImagesAreSkipped() {
        var facts = doc().page(image("5 0 R", 50).hidden("covered"), image("5 0 R", 50).hiddenLayer("old"))
                .images(img("5 0 R")).build();
        assertThat(run(new ImageResolutionLowCheck(), facts)).isEmpty();
    }

    @ParameterizedTest(name = "GWG R0037 viewing distance {0} m: {1} ppi -> {2}")
    @CsvSource({"3,79.66,error", "3,79.67,warning", "3,99.67,none"})
    void viewingDistanceDividesRequiredResolution(double distance, double ppi, String expected) {
        // Large Format variant: 239/299 ppi at 1 m; at 3 m 79.67/99.67 ppi.
        List<Finding> f = run(new ImageResolutionLowCheck(), contone(ppi),
                params("error_ppi", 239.0, "warning_ppi", 299.0, "viewing_distance_m", distance));
        assertThat(f.isEmpty() ? "none" : f.get(0).severity().wire()).isEqualTo(expected);
    }

    @Test
    void userUnitIsTheScalingFactor() {
        // With UserUnit 10 the image is printed ten times larger: 1000 user-space ppi are 100 ppi on output.
        var facts = doc().page(image("5 0 R", 1000)).images(img("5 0 R")).userUnit(1, 10).build();
        Finding f = run(new ImageResolutionLowCheck(), facts).get(0);
        assertThat(f.details()).containsEntry("required_ppi", 1490.0).containsEntry("scaling_source", "user_unit");
        assertThat(run(new ImageResolutionLowCheck(), contone(1000), params("scaling_factor", 10.0))).hasSize(1);
    }

    @ParameterizedTest(name = "GWG R0033 rasterized page at {0} ppi -> {1}")
    @CsvSource({"149,error", "149.01,warning", "449,warning", "449.01,none"})
    void rasterizedPageUsesDualThreshold(double ppi, String expected) {
        var facts = doc().page(image("5 0 R", ppi).at(0, 0, 615, 862)).images(img("5 0 R")).build();
        assertThat(level(new RasterizedPageCheck(), facts)).isEqualTo(expected);
    }

    @Test
    void rasterizedPageIgnoresInvisibleOcrTextButNotRealContent() {
        var ocr = dev.preflight.engine.checks.ContentFacts.text(10).renderMode(3);
        var scanWithOcr = doc().page(image("5 0 R", 100).at(0, 0, 615, 862), ocr).images(img("5 0 R")).build();
        assertThat(run(new RasterizedPageCheck(), scanWithOcr)).hasSize(1);
        var withText = doc().page(image("5 0 R", 100).at(0, 0, 615, 862), dev.preflight.engine.checks.ContentFacts
                .text(10)).images(img("5 0 R")).build();
        assertThat(run(new RasterizedPageCheck(), withText)).isEmpty();
    }

    @Test
    void imageNotCoveringTrimIsNotARasterizedPage() {
        var facts = doc().page(image("5 0 R", 100).at(0, 0, 300, 862)).images(img("5 0 R")).build();
        assertThat(run(new RasterizedPageCheck(), facts)).isEmpty();
    }
}
