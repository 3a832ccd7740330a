package dev.preflight.engine.checks.epm;

import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.gray;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.ink;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

class EpmChecksTests {

    private static String tierOf(List<Finding> f) {
        return f.isEmpty() ? "none" : f.get(0).details().get("epm_tier") + "/" + f.get(0).details().get("legacy_code");
    }

    @ParameterizedTest(name = "black-only text {0} pt -> {1}")
    @CsvSource({"7.99,A/001", "8,C/017", "11.99,C/017", "12,none"})
    void smallBlackOnlyTextTiers(double size, String expected) {
        assertThat(tierOf(run(new EpmSmallBlackTextCheck(), page(text(size))))).isEqualTo(expected);
        assertThat(tierOf(run(new EpmSmallBlackTextCheck(), page(text(size).fill(gray(0.4)))))).isEqualTo(expected);
        assertThat(run(new EpmSmallBlackTextCheck(), page(text(size).fill(cmyk(0.1, 0, 0, 1))))).isEmpty();
    }

    @Test
    void advisorySubCaseIsNeverMoreSevereThanAdvisory() {
        List<Finding> f = run(new EpmSmallBlackTextCheck(), page(text(10)));
        assertThat(f.get(0).severity()).isEqualTo(Severity.ADVISORY);
        assertThat(run(new EpmSmallBlackTextCheck(), page(text(6))).get(0).severity()).isEqualTo(Severity.ERROR);
    }

    @ParameterizedTest(name = "black-only line {0} pt -> {1}")
    @CsvSource({"0.2499,A/002", "0.25,C/018", "0.4999,C/018", "0.5,none"})
    void thinBlackOnlyLineTiers(double width, String expected) {
        assertThat(tierOf(run(new EpmThinBlackLineCheck(), page(stroke(width))))).isEqualTo(expected);
        assertThat(run(new EpmThinBlackLineCheck(), page(stroke(width).stroke(cmyk(0.5, 0, 0, 0))))).isEmpty();
    }

    @Test
    void inkBasedRules() {
        var facts = doc().page(fill()).ink(1, ink(Map.of("Black", 60.0)).black(85).cmyAfterK(290).grey(30))
                .build();
        assertThat(tierOf(run(new EpmHeavyBlackCheck(), facts))).isEqualTo("B/003");
        assertThat(tierOf(run(new EpmCmyTacCheck(), facts))).isEqualTo("A/004");
        assertThat(tierOf(run(new EpmNeutralGreyCheck(), facts))).isEqualTo("B/005");
        assertThat(tierOf(run(new EpmBlackOnlyPageCheck(), facts))).isEqualTo("B/015");
        var light = doc().page(fill()).ink(1, ink(Map.of("Black", 10.0, "Cyan", 5.0)).black(80).cmyAfterK(280)
                .grey(20)).build();
        assertThat(run(new EpmHeavyBlackCheck(), light)).isEmpty();
        assertThat(run(new EpmCmyTacCheck(), light)).isEmpty();
        assertThat(run(new EpmNeutralGreyCheck(), light)).isEmpty();
        assertThat(run(new EpmBlackOnlyPageCheck(), light)).isEmpty();
        assertThat(new EpmCmyTacCheck().info().needsInk()).isTrue();
    }

    @Test
    void registrationColourOnlyInsideTrim() {
        var inside = stroke(0.5).stroke(sep("All", 1));
        var marks = stroke(0.5).stroke(sep("All", 1)).at(0, 0, 8, 8);
        assertThat(tierOf(run(new EpmRegistrationColorCheck(), page(inside, marks)))).isEqualTo("B/006");
        assertThat(run(new EpmRegistrationColorCheck(), page(marks))).isEmpty();
    }

    @Test
    void spotsSpecialConvertedAndTechnical() {
        var facts = page(fill().fill(sep("Opaque White", 1)), fill().fill(sep("PANTONE 877 C Metallic", 1)),
                fill().fill(sep("PANTONE 185 C", 1)), fill().fill(sep("CutContour", 1)));
        assertThat(run(new EpmSpecialSpotCheck(), facts)).extracting(f -> f.details().get("spot_name"))
                .containsExactly("Opaque White", "PANTONE 877 C Metallic");
        assertThat(run(new EpmSpotConversionCheck(), facts)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("spot_name", "PANTONE 185 C")
                        .containsEntry("epm_tier", "C").containsEntry("legacy_code", "008"));
    }

    @Test
    void elementRules() {
        assertThat(tierOf(run(new EpmRichBlackCheck(), page(fill().fill(cmyk(0.6, 0.4, 0.4, 1)))))).isEqualTo("C/009");
        assertThat(run(new EpmRichBlackCheck(), page(fill().fill(cmyk(0.1, 0.1, 0.05, 1))))).isEmpty();
        var cyan = fill().fill(cmyk(1, 0, 0, 0)).at(0, 0, 400, 400);
        assertThat(tierOf(run(new EpmBlackOverprintCheck(), page(cyan, fill().overprint())))).isEqualTo("B/010");
        assertThat(run(new EpmBlackOverprintCheck(), page(fill().overprint()))).as("over paper").isEmpty();
        assertThat(run(new EpmBlackOverprintCheck(), page(fill().overprint().notOverlapping()))).isEmpty();
        assertThat(tierOf(run(new EpmSmallReversedTextCheck(), page(text(7).fill(cmyk(0, 0, 0, 0))))))
                .isEqualTo("B/011");
        assertThat(run(new EpmSmallReversedTextCheck(), page(text(8).fill(cmyk(0, 0, 0, 0))))).isEmpty();
        var lineArt = doc().page(image("5 0 R", 1200)).images(img("5 0 R").bpc(1)
                .color(PaintColor.device("DeviceGray"))).build();
        assertThat(tierOf(run(new EpmBlackLineArtCheck(), lineArt))).isEqualTo("B/012");
        assertThat(tierOf(run(new EpmBlackLineArtCheck(), page(image("6 0 R", 1200).mask())))).isEqualTo("B/012");
        assertThat(tierOf(run(new EpmRgbContentCheck(), page(fill().fill(rgb(1, 0, 0)))))).isEqualTo("C/013");
        assertThat(run(new EpmRgbContentCheck(), page(fill()))).isEmpty();
        var grayPhoto = doc().page(image("5 0 R", 300)).images(img("5 0 R").color(PaintColor.device("DeviceGray")))
                .build();
        assertThat(tierOf(run(new EpmGrayImageCheck(), grayPhoto))).isEqualTo("B/014");
        assertThat(run(new EpmGrayImageCheck(), lineArt)).isEmpty();
        assertThat(tierOf(run(new EpmFourColorBlackCheck(), page(fill().fill(cmyk(1, 1, 1, 1)))))).isEqualTo("B/016");
        assertThat(run(new EpmFourColorBlackCheck(), page(fill().fill(cmyk(1, 1, 1, 1)).at(0, 0, 8, 8)))).isEmpty();
    }
}
