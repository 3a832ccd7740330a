package dev.preflight.engine.checks.epm;

import dev.preflight.engine.Finding;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.ink;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

/** What the EPM checks say, which paint they read, and their limits met exactly. */
class EpmFindingTests {

    private static Finding only(List<Finding> findings) {
        assertThat(findings).hasSize(1);
        return findings.getFirst();
    }

    @Test
    void smallBlackTextSaysWhichLimitItIsBelow() {
        Finding hard = only(run(new EpmSmallBlackTextCheck(), page(text(6))));
        assertThat(hard.message()).isEqualTo("Black-only text of 6.00 pt becomes a CMY build (below 8.0 pt)");
        assertThat(hard.details()).containsEntry("limit_pt", 8.0).containsEntry("color", "DeviceCMYK 0/0/0/1");
        Finding soft = only(run(new EpmSmallBlackTextCheck(), page(text(10))));
        assertThat(soft.message()).isEqualTo(
                "Black-only text of 10.00 pt becomes a CMY build (advisory below 12.0 pt)");
        assertThat(soft.details()).containsEntry("limit_pt", 12.0);
        Finding outline = only(run(new EpmSmallBlackTextCheck(), page(text(6).renderMode(1).fill(null)
                .stroke(cmyk(0, 0, 0, 1)))));
        assertThat(outline.details()).containsEntry("color", "DeviceCMYK 0/0/0/1");
        assertThat(run(new EpmSmallBlackTextCheck(), page(text(6).fill(null)))).as("no paint at all").isEmpty();
    }

    @Test
    void thinBlackLinesSayWhichLimitTheyAreBelow() {
        Finding hard = only(run(new EpmThinBlackLineCheck(), page(stroke(0.1))));
        assertThat(hard.message()).isEqualTo("Black-only line of 0.100 pt becomes a CMY build (below 0.25 pt)");
        assertThat(hard.details()).containsEntry("limit_pt", 0.25).containsEntry("color", "DeviceCMYK 0/0/0/1");
        Finding soft = only(run(new EpmThinBlackLineCheck(), page(stroke(0.3))));
        assertThat(soft.message()).isEqualTo(
                "Black-only line of 0.300 pt becomes a CMY build (advisory below 0.50 pt)");
        assertThat(soft.details()).containsEntry("limit_pt", 0.5);
    }

    @Test
    void fourColourBlackAtExactlyTheMinimumCounts() {
        // 75.0000001 % less the 1e-9 tolerance is exactly 0.75 in doubles
        assertThat(run(new EpmFourColorBlackCheck(), page(fill().fill(cmyk(0.75, 0.75, 0.75, 0.75))),
                params("min_each_percent", 75.0000001))).hasSize(1);
        assertThat(only(run(new EpmFourColorBlackCheck(), page(fill().fill(cmyk(1, 1, 1, 1))))).message())
                .isEqualTo("Four-colour black (400 % total) becomes a 300 % CMY solid");
    }

    @Test
    void richBlackAtExactlyItsLimitsCounts() {
        var facts = page(fill().fill(cmyk(0.25, 0.25, 0.25, 0.75)));
        Finding f = only(run(new EpmRichBlackCheck(), facts, params("min_k", 0.75, "min_cmy", 0.75)));
        assertThat(f.message()).isEqualTo("Rich black (K 75 %, C+M+Y 75 %) loses its tone without a black plate");
    }

    @Test
    void inkBasedFindingsAreOnThePageAndElementFindingsOnTheirObject() {
        var facts = doc().page(fill()).ink(1, ink(Map.of("Black", 60.0))).build();
        assertThat(only(run(new EpmBlackOnlyPageCheck(), facts)).objectType()).isEqualTo("page");
        var noInk = doc().page(fill()).ink(1, ink(Map.of("Black", 0.0))).build();
        assertThat(run(new EpmBlackOnlyPageCheck(), noInk)).isEmpty();
        var noBlack = doc().page(fill()).ink(1, ink(Map.of("Black", 0.0)).flaggedEmpty(false)).build();
        assertThat(run(new EpmBlackOnlyPageCheck(), noBlack)).as("no black ink at all").isEmpty();
        assertThat(new EpmRichBlackCheck().info().objectType()).isEqualTo("path");
        assertThat(new EpmRichBlackCheck().tier()).isEqualTo("C");
        assertThat(new EpmRichBlackCheck().legacyCode()).isEqualTo("009");
    }

    @Test
    void greyImagesOfTwoBitsOrMoreAreConvertedAndOneBitOnesAreLineArt() {
        var twoBit = doc().page(image("5 0 R", 300)).images(img("5 0 R").bpc(2)
                .color(PaintColor.device("DeviceGray"))).build();
        assertThat(only(run(new EpmGrayImageCheck(), twoBit)).message())
                .isEqualTo("Greyscale image (DeviceGray) becomes a three-colour neutral");
        var indexedLineArt = doc().page(image("5 0 R", 1200)).images(img("5 0 R").bpc(1)
                .color(new PaintColor("Indexed", null, "DeviceGray", null, List.of(), List.of(1.0), null, null)))
                .build();
        assertThat(only(run(new EpmBlackLineArtCheck(), indexedLineArt)).message())
                .isEqualTo("Black 1-bit image (line art)");
        assertThat(only(run(new EpmBlackLineArtCheck(), page(image("6 0 R", 1200).mask()))).message())
                .isEqualTo("Black image mask (1-bit line art)");
    }

    @Test
    void blackOverprintIsJudgedPerPaint() {
        var cyan = fill().fill(cmyk(1, 0, 0, 0)).at(0, 0, 400, 400);
        assertThat(only(run(new EpmBlackOverprintCheck(), page(cyan, fill().overprint()))).message())
                .isEqualTo("Black-only path overprints other content");
        var outline = text(10).renderMode(1).fill(cmyk(1, 0, 0, 0)).stroke(cmyk(0, 0, 0, 1)).overprintStroke();
        assertThat(only(run(new EpmBlackOverprintCheck(), page(cyan, outline))).message())
                .isEqualTo("Black-only text overprints other content");
        assertThat(run(new EpmBlackOverprintCheck(), page(cyan, fill().overprint().notOverlapping())))
                .as("in front of nothing").isEmpty();
        var fillOnly = text(10).renderMode(1).fill(cmyk(1, 0, 0, 0)).stroke(cmyk(0, 0, 0, 1)).overprintFill();
        assertThat(run(new EpmBlackOverprintCheck(), page(cyan, fillOnly))).isEmpty();
    }

    @Test
    void everyElementRuleSaysSomething() {
        assertThat(only(run(new EpmSmallReversedTextCheck(), page(text(7).fill(cmyk(0, 0, 0, 0))))).message())
                .isNotBlank();
        assertThat(only(run(new EpmRgbContentCheck(), page(fill().fill(rgb(1, 0, 0))))).message()).isNotBlank();
        assertThat(only(run(new EpmRegistrationColorCheck(), page(stroke(0.5).stroke(sep("All", 1))))).message())
                .isNotBlank();
        assertThat(only(run(new EpmSpotConversionCheck(), page(fill().fill(sep("PANTONE 185 C", 1))))).message())
                .contains("PANTONE 185 C");
        assertThat(only(run(new EpmSpecialSpotCheck(), page(fill().fill(sep("Opaque White", 1))))).message())
                .contains("Opaque White");
    }
}
