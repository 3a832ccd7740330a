package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Finding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.gray;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.lineFill;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

class OverprintTests {

    @Test
    void whiteTextOverprintIsAnErrorOnlyWhenOverlapping() {
        var white = text(10).fill(cmyk(0, 0, 0, 0)).overprint();
        List<Finding> f = run(new WhiteTextOverprintCheck(), page(white, text(10).fill(gray(1)).overprint()
                .notOverlapping()));
        assertThat(f).hasSize(1);
        assertThat(f.get(0).details()).containsEntry("skipped_not_overlapping", 1).containsEntry("overprint", true);
        assertThat(run(new WhiteTextOverprintCheck(), page(text(10).fill(cmyk(0, 0, 0, 0))))).isEmpty();
        assertThat(run(new WhiteTextOverprintCheck(), page(text(10).fill(cmyk(0, 0, 0, 0.01)).overprint())))
                .isEmpty();
    }

    @Test
    void whiteSeparationAndGrayCountAsWhite() {
        assertThat(run(new WhiteTextOverprintCheck(), page(text(10).fill(sep("Gold", 0)).overprint()))).hasSize(1);
        assertThat(run(new WhitePathOverprintCheck(), page(fill().fill(gray(1)).overprint()))).hasSize(1);
        assertThat(run(new WhitePathOverprintCheck(), page(stroke(1).stroke(cmyk(0, 0, 0, 0)).overprint())))
                .singleElement().satisfies(x -> assertThat(x.message()).contains("stroke"));
        assertThat(run(new WhitePathOverprintCheck(), page(fill().fill(gray(1)).overprint().notOverlapping())))
                .isEmpty();
        assertThat(run(new WhitePathOverprintCheck(), page(fill().fill(gray(1))))).isEmpty();
    }

    /** A cyan area painted first, so that what follows lies over ink. */
    private static dev.preflight.engine.checks.ContentFacts.El cyanBelow() {
        return fill().fill(cmyk(1, 0, 0, 0)).at(0, 0, 400, 400);
    }

    @ParameterizedTest(name = "GWG R0009 black text {0} pt -> {1} findings")
    @CsvSource({"11.99,1", "12,0", "12.01,0", "4,1"})
    void blackTextBelowTwelvePointMustOverprint(double size, int expected) {
        assertThat(run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(size)))).hasSize(expected);
        assertThat(run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(size).overprint()))).isEmpty();
    }

    @Test
    void blackTextNeedsOpaqueNormalToBeBlack() {
        assertThat(run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(8).alpha(0.5)))).isEmpty();
        assertThat(run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(8).blend("Multiply")))).isEmpty();
        assertThat(run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(8).fill(cmyk(0.1, 0, 0, 1)))))
                .isEmpty();
        assertThat(run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(8).fill(sep("Black", 1)))))
                .hasSize(1);
    }

    @Test
    void blackTextOverNothingOrOnlyWhiteIsSkippedUnlessAsked() {
        var lone = page(text(8).notOverlapping());
        assertThat(run(new BlackTextOverprintMissingCheck(), lone)).isEmpty();
        assertThat(run(new BlackTextOverprintMissingCheck(), lone, params("only_overlapping", false))).hasSize(1);
        var overWhite = page(fill().fill(cmyk(0, 0, 0, 0)).at(0, 0, 400, 400), text(8));
        assertThat(run(new BlackTextOverprintMissingCheck(), overWhite)).isEmpty();
        var overRgbWhite = page(fill().fill(rgb(1, 1, 1)).at(0, 0, 400, 400), text(8));
        assertThat(run(new BlackTextOverprintMissingCheck(), overRgbWhite)).isEmpty();
        var overGreyAndBlackText = page(fill().fill(gray(0.5)).at(0, 0, 400, 400), text(8), text(8));
        assertThat(run(new BlackTextOverprintMissingCheck(), overGreyAndBlackText)).isEmpty();
        var overInkElsewhere = page(fill().fill(cmyk(1, 0, 0, 0)).at(300, 300, 400, 400), text(8));
        assertThat(run(new BlackTextOverprintMissingCheck(), overInkElsewhere)).isEmpty();
        var inkPaintedLater = page(text(8), fill().fill(cmyk(1, 0, 0, 0)).at(0, 0, 400, 400));
        assertThat(run(new BlackTextOverprintMissingCheck(), inkPaintedLater)).isEmpty();
        List<Finding> f = run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(8),
                fill().fill(gray(1)).at(500, 500, 600, 600), text(8).at(510, 510, 590, 520)));
        assertThat(f).singleElement().satisfies(x -> assertThat(x.details())
                .containsEntry("skipped_not_over_colour", 1));
    }

    @Test
    void blackTextLimitScalesWithUserUnit() {
        // UserUnit 2: 7 user units are 14 pt on output, above the 12 pt limit.
        var facts = doc().page(cyanBelow(), text(7)).userUnit(1, 2).build();
        assertThat(run(new BlackTextOverprintMissingCheck(), facts)).isEmpty();
        var small = doc().page(cyanBelow(), text(5.99)).userUnit(1, 2).build();
        assertThat(run(new BlackTextOverprintMissingCheck(), small)).hasSize(1);
    }

    @ParameterizedTest(name = "GWG R0010 black line {0} pt -> {1} findings")
    @CsvSource({"1.99,1", "2,0", "2.01,0", "0,1"})
    void blackLinesBelowTwoPointMustOverprint(double width, int expected) {
        assertThat(run(new BlackLineOverprintMissingCheck(), page(cyanBelow(), stroke(width)))).hasSize(expected);
        assertThat(run(new BlackLineOverprintMissingCheck(), page(cyanBelow(), lineFill(width)))).hasSize(expected);
        assertThat(run(new BlackLineOverprintMissingCheck(), page(cyanBelow(), stroke(width).overprint()))).isEmpty();
        assertThat(run(new BlackLineOverprintMissingCheck(), page(stroke(width)))).isEmpty();
    }

    @Test
    void deviceGrayMustNotOverprint() {
        assertThat(run(new DeviceGrayOverprintCheck(), page(fill().fill(gray(0)).overprint()))).hasSize(1);
        assertThat(run(new DeviceGrayOverprintCheck(), page(fill().fill(gray(0))))).isEmpty();
        assertThat(run(new DeviceGrayOverprintCheck(), page(fill().overprint()))).isEmpty();
        var grayImage = doc().page(image("5 0 R", 300).overprint())
                .images(img("5 0 R").color(dev.preflight.engine.facts.PaintColor.device("DeviceGray"))).build();
        assertThat(run(new DeviceGrayOverprintCheck(), grayImage)).hasSize(1);
    }

    @Test
    void cmykOverprintWithOpmZero() {
        assertThat(run(new CmykOverprintModeZeroCheck(), page(fill().overprint().opm(0)))).hasSize(1);
        assertThat(run(new CmykOverprintModeZeroCheck(), page(fill().overprint().opm(1)))).isEmpty();
        assertThat(run(new CmykOverprintModeZeroCheck(), page(fill().fill(cmyk(0.2, 0.2, 0.2, 1)).overprint()
                .opm(0)))).isEmpty();
    }

    @Test
    void rgbOverprintUsedAndNonBlackProcess() {
        assertThat(run(new RgbOverprintCheck(), page(fill().fill(rgb(0, 0, 0)).overprint()))).hasSize(1);
        assertThat(run(new RgbOverprintCheck(), page(fill().overprint()))).isEmpty();
        assertThat(run(new OverprintUsedCheck(), page(fill().overprint(), fill()))).hasSize(1);
        assertThat(run(new NonBlackProcessOverprintCheck(), page(fill().fill(cmyk(0, 0, 1, 0)).overprint())))
                .hasSize(1);
        assertThat(run(new NonBlackProcessOverprintCheck(), page(fill().overprint()))).isEmpty();
    }
}
