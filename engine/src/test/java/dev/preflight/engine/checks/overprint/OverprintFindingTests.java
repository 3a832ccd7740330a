package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.ContentFacts;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;

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
import static dev.preflight.engine.checks.ContentFacts.runWithNotes;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

/** What each overprint finding says (message, role, colour, measured values) and which parameters change it. */
class OverprintFindingTests {

    /** A cyan area painted first, so that what follows lies over ink. */
    private static ContentFacts.El cyanBelow() {
        return fill().fill(cmyk(1, 0, 0, 0)).at(0, 0, 400, 400);
    }

    @Test
    void aThinBlackLineFindingGivesItsWidthLimitAndPaint() {
        Finding f = run(new BlackLineOverprintMissingCheck(), page(cyanBelow(), stroke(0.5))).getFirst();
        assertThat(f.message()).isEqualTo("Black line of 0.500 pt (below 2.000 pt) does not overprint");
        assertThat(f.objectType()).isEqualTo("path");
        assertThat(f.bbox()).isEqualTo(List.of(100.0, 100.0, 200.0, 120.0));
        assertThat(f.details()).containsEntry("line_width", 0.5).containsEntry("max_width_pt", 2.0)
                .containsEntry("role", "stroke").containsEntry("overprint", false).containsEntry("overprint_mode", 1)
                .containsEntry("element", "stroke").containsEntry("color", "DeviceCMYK 0/0/0/1");
    }

    @Test
    void withOnlyOverlappingOffALineOverNothingIsReported() {
        var lone = page(stroke(0.5).notOverlapping());
        assertThat(run(new BlackLineOverprintMissingCheck(), lone)).isEmpty();
        assertThat(run(new BlackLineOverprintMissingCheck(), lone, params("only_overlapping", false))).hasSize(1);
        var overWhite = page(fill().fill(cmyk(0, 0, 0, 0)).at(0, 0, 400, 400), stroke(0.5));
        assertThat(run(new BlackLineOverprintMissingCheck(), overWhite)).isEmpty();
        assertThat(run(new BlackLineOverprintMissingCheck(), overWhite, params("only_overlapping", false)))
                .hasSize(1);
    }

    @Test
    void skippedLinesAreCountedOnTheFindingsThatRemain() {
        Finding f = run(new BlackLineOverprintMissingCheck(), page(cyanBelow(), stroke(0.5),
                stroke(0.5).notOverlapping(), fill().fill(gray(1)).at(500, 500, 600, 600),
                stroke(0.5).at(510, 510, 590, 520))).getFirst();
        assertThat(f.details()).containsEntry("skipped_not_overlapping", 1).containsEntry("skipped_not_over_colour", 1);
    }

    @Test
    void theLineWidthLimitIsAParameterAndScales() {
        var facts = page(cyanBelow(), stroke(1.5));
        assertThat(run(new BlackLineOverprintMissingCheck(), facts, params("max_width_pt", 1.0))).isEmpty();
        assertThat(run(new BlackLineOverprintMissingCheck(), facts, params("max_width_pt", 1.6))).hasSize(1);
        Finding scaled = run(new BlackLineOverprintMissingCheck(), facts, params("scaling_factor", 0.5)).getFirst();
        assertThat(scaled.details()).containsEntry("max_width_pt", 4.0);
    }

    @Test
    void aLineIsJudgedByThePaintThatDrawsIt() {
        // A black-filled stroke in cyan is no black line; a thin black fill that is not line-like is no line.
        var cyanStroke = page(cyanBelow(), stroke(0.5).stroke(cmyk(1, 0, 0, 0)).fill(cmyk(0, 0, 0, 1)));
        assertThat(run(new BlackLineOverprintMissingCheck(), cyanStroke)).isEmpty();
        var blackLineFill = page(cyanBelow(), lineFill(0.5));
        assertThat(run(new BlackLineOverprintMissingCheck(), blackLineFill)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("role", "fill"));
        assertThat(run(new BlackLineOverprintMissingCheck(), page(cyanBelow(), fill()))).isEmpty();
    }

    @Test
    void hiddenElementsAreNotesNotFindings() {
        var hidden = page(cyanBelow(), stroke(0.5).hidden("covered"));
        assertThat(run(new BlackLineOverprintMissingCheck(), hidden)).isEmpty();
        assertThat(runWithNotes(new BlackLineOverprintMissingCheck(), hidden, params(), null))
                .anySatisfy(n -> assertThat(ContentFacts.isSkipNote(n)).isTrue());
    }

    @Test
    void blackTextFindingNamesSizeLimitAndFont() {
        Finding f = run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(8))).getFirst();
        assertThat(f.message()).isEqualTo("Black text of 8.00 pt (below 12.00 pt) does not overprint");
        assertThat(f.details()).containsEntry("font_size", 8.0).containsEntry("max_size_pt", 12.0)
                .containsEntry("font", "ABCDEF+Helvetica").containsEntry("role", "fill");
        assertThat(run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(8)), params("max_size_pt", 7.0)))
                .isEmpty();
    }

    @Test
    void blackTextDrawnByItsStrokeIsJudgedByTheStroke() {
        var outlined = page(cyanBelow(), text(8).renderMode(1).fill(null).stroke(cmyk(0, 0, 0, 1)));
        assertThat(run(new BlackTextOverprintMissingCheck(), outlined)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("role", "stroke"));
        var cyanOutline = page(cyanBelow(), text(8).renderMode(1).fill(null).stroke(cmyk(1, 0, 0, 0)));
        assertThat(run(new BlackTextOverprintMissingCheck(), cyanOutline)).isEmpty();
    }

    @Test
    void whiteOverprintMessagesNameTheRole() {
        assertThat(run(new WhiteTextOverprintCheck(), page(text(10).fill(cmyk(0, 0, 0, 0)).overprint())))
                .singleElement().satisfies(f -> assertThat(f.message()).isEqualTo("White text is set to overprint"));
        assertThat(run(new WhitePathOverprintCheck(), page(fill().fill(gray(1)).overprint()))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("White fill is set to overprint"));
        assertThat(run(new WhitePathOverprintCheck(), page(stroke(1).stroke(cmyk(0, 0, 0, 0)).overprint())))
                .singleElement().satisfies(f -> assertThat(f.message()).isEqualTo("White stroke is set to overprint"));
        assertThat(run(new WhitePathOverprintCheck(), page(text(10).fill(cmyk(0, 0, 0, 0)).overprint()))).isEmpty();
        assertThat(run(new WhiteTextOverprintCheck(), page(fill().fill(gray(1)).overprint()))).isEmpty();
    }

    @Test
    void deviceGrayOverprintSaysWhichPaint() {
        assertThat(run(new DeviceGrayOverprintCheck(), page(fill().fill(gray(0)).overprint()))).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("DeviceGray fill "));
        assertThat(run(new DeviceGrayOverprintCheck(), page(stroke(1).stroke(gray(0)).overprint()))).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("DeviceGray stroke "));
        var grayImage = doc().page(image("5 0 R", 300).overprint()).images(img("5 0 R")
                .color(PaintColor.device("DeviceGray"))).build();
        assertThat(run(new DeviceGrayOverprintCheck(), grayImage)).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("DeviceGray image "));
    }

    @Test
    void opmZeroMattersOnlyForCmykWithSomeButNotAllPlatesEmpty() {
        assertThat(run(new CmykOverprintModeZeroCheck(), page(fill().overprint().opm(0)))).singleElement()
                .satisfies(f -> assertThat(f.message())
                        .isEqualTo("CMYK overprint has no effect on the 0 % plates because /OPM is 0"));
        assertThat(run(new CmykOverprintModeZeroCheck(), page(fill().fill(cmyk(0, 0, 0, 0)).overprint().opm(0))))
                .isEmpty();
        assertThat(run(new CmykOverprintModeZeroCheck(), page(fill().opm(0)))).isEmpty();
        assertThat(run(new CmykOverprintModeZeroCheck(), page(fill().fill(rgb(0, 0, 0)).overprint().opm(0))))
                .isEmpty();
        var cmykImage = doc().page(image("5 0 R", 300).overprint().opm(0)).images(img("5 0 R")).build();
        assertThat(run(new CmykOverprintModeZeroCheck(), cmykImage)).isEmpty();
    }

    @Test
    void nonBlackProcessOverprintNamesTheColourForEachProcessPlate() {
        for (PaintColor c : List.of(cmyk(0.2, 0, 0, 1), cmyk(0, 0.2, 0, 0), cmyk(0, 0, 0.2, 0))) {
            assertThat(run(new NonBlackProcessOverprintCheck(), page(fill().fill(c).overprint()))).singleElement()
                    .satisfies(f -> assertThat(f.message()).startsWith("Process colour DeviceCMYK ")
                            .endsWith(" is set to overprint"));
        }
        assertThat(run(new NonBlackProcessOverprintCheck(), page(fill().fill(cmyk(0, 0, 0, 0)).overprint())))
                .isEmpty();
        assertThat(run(new NonBlackProcessOverprintCheck(), page(fill().fill(cmyk(0.2, 0, 0, 0)))))
                .isEmpty();
        assertThat(run(new NonBlackProcessOverprintCheck(), page(fill().fill(rgb(1, 0, 0)).overprint()))).isEmpty();
    }

    @Test
    void overprintUsedNamesTheRoleAndRgbOverprintSaysSo() {
        assertThat(run(new OverprintUsedCheck(), page(stroke(1).overprint()))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Element is set to overprint (stroke)"));
        assertThat(run(new RgbOverprintCheck(), page(fill().fill(rgb(0, 0, 0)).overprint()))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("RGB content is set to overprint"));
        assertThat(run(new RgbOverprintCheck(), page(fill().fill(rgb(0, 0, 0))))).isEmpty();
    }

    @Test
    void eachPaintIsJudgedByItsOwnOverprintFlag() {
        var strokeOnly = page(stroke(1).fill(cmyk(0, 0, 1, 0)).stroke(cmyk(0, 0, 1, 0)).overprintStroke());
        assertThat(run(new OverprintUsedCheck(), strokeOnly)).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Element is set to overprint (stroke)"));
        var fillOnly = page(stroke(1).fill(cmyk(0, 0, 1, 0)).stroke(cmyk(0, 0, 1, 0)).overprintFill());
        assertThat(run(new OverprintUsedCheck(), fillOnly)).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Element is set to overprint (fill)"));
        assertThat(run(new NonBlackProcessOverprintCheck(), page(fill().fill(cmyk(0, 0, 1, 0)).overprintFill())))
                .hasSize(1);
        assertThat(run(new NonBlackProcessOverprintCheck(), page(stroke(1).stroke(cmyk(0, 0, 1, 0))
                .overprintStroke()))).hasSize(1);
    }

    @Test
    void checksWithoutAnOverlapRuleJudgeElementsOverNothing() {
        assertThat(run(new DeviceGrayOverprintCheck(), page(fill().fill(gray(0)).overprint().notOverlapping())))
                .hasSize(1);
        assertThat(run(new OverprintUsedCheck(), page(fill().overprint().notOverlapping()))).hasSize(1);
    }

    @Test
    void nothingSkippedMeansNoSkipCountsOnTheFinding() {
        Finding f = run(new BlackLineOverprintMissingCheck(), page(cyanBelow(), stroke(0.5))).getFirst();
        assertThat(f.details()).doesNotContainKeys("skipped_not_overlapping", "skipped_not_over_colour");
    }

    @Test
    void skippedLinesLeaveANoteWithTheirReasons() {
        var facts = page(cyanBelow(), stroke(0.5).notOverlapping(), fill().fill(gray(1)).at(500, 500, 600, 600),
                stroke(0.5).at(510, 510, 590, 520));
        assertThat(runWithNotes(new BlackLineOverprintMissingCheck(), facts, params(), null)).singleElement()
                .satisfies(n -> assertThat(n.details()).containsEntry("skipped_not_overlapping", 1)
                        .containsEntry("skipped_not_over_colour", 1).containsEntry("skipped_total", 2));
    }

    @Test
    void blackTextSkipsNonOverlappingTextAsSuchAndJudgesOnlyText() {
        Finding f = run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), text(8), text(8).notOverlapping()))
                .getFirst();
        assertThat(f.details()).containsEntry("skipped_not_overlapping", 1).doesNotContainKey("skipped_not_over_colour");
        assertThat(run(new BlackTextOverprintMissingCheck(), page(cyanBelow(), fill().at(100, 100, 110, 110),
                stroke(0.5)))).isEmpty();
    }

    @Test
    void aProcessTintOfAMillionthIsNoInk() {
        for (PaintColor c : List.of(cmyk(1e-6, 0, 0, 1), cmyk(0, 1e-6, 0, 1), cmyk(0, 0, 1e-6, 1))) {
            assertThat(run(new NonBlackProcessOverprintCheck(), page(fill().fill(c).overprint()))).isEmpty();
        }
    }

    @Test
    void opmZeroCountsAMillionthAsAnEmptyPlate() {
        assertThat(run(new CmykOverprintModeZeroCheck(), page(fill().fill(cmyk(1e-6, 0.5, 0.5, 0.5)).overprint()
                .opm(0)))).hasSize(1);
        assertThat(run(new CmykOverprintModeZeroCheck(), page(fill().fill(cmyk(1e-6, 1e-6, 1e-6, 1e-6)).overprint()
                .opm(0)))).isEmpty();
    }
}
