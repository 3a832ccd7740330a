package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.PdfFacts;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * OP_BLACK_LINE_MISSING and OP_BLACK_TEXT_MISSING with {@code only_overlapping} judge what is painted under the
 * black mark, not the bounding boxes of objects near it: a white knockout box behind a logo hides the colour below
 * it, and a coloured frame or a compound path whose marks lie elsewhere puts no ink under the line.
 */
class WhatLiesUnderBlackTests {

    private static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);
    private static final Pdfs.Colour WHITE = Pdfs.cmyk(0, 0, 0, 0);
    private static final Pdfs.Colour CYAN = Pdfs.cmyk(1, 0, 0, 0);

    private static Pdfs.Page cyanPage() {
        return Pdfs.document().page(400, 400).fill(CYAN).rect(50, 50, 300, 300);
    }

    private static List<Finding> line(Pdfs.Page p) {
        return PdfFacts.run(new BlackLineOverprintMissingCheck(), p);
    }

    @Test
    void thinBlackRuleOnAWhiteKnockoutOverColourIsNotReported() {
        Pdfs.Page p = cyanPage().fill(WHITE).rect(90, 180, 220, 40).stroke(BLACK).lineWidth(0.5).line(100, 200, 300,
                200);
        assertThat(line(p)).isEmpty();
        List<Finding> notes = PdfFacts.runWithNotes(new BlackLineOverprintMissingCheck(), cyanPage().fill(WHITE)
                .rect(90, 180, 220, 40).stroke(BLACK).lineWidth(0.5).line(100, 200, 300, 200), Map.of());
        assertThat(notes).singleElement().satisfies(n -> assertThat(n.details())
                .containsEntry("skipped_not_over_colour", 1));
    }

    @Test
    void ruleReachingPastTheKnockoutOntoColourIsReported() {
        // the knockout ends at x = 310; the rule runs on to 311 over cyan
        Pdfs.Page p = cyanPage().fill(WHITE).rect(90, 180, 220, 40).stroke(BLACK).lineWidth(0.5).line(100, 200, 311,
                200);
        assertThat(line(p)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Black line of 0.500 pt (below 2.000 pt) does not overprint");
            assertThat(f.bbox()).containsExactly(99.75, 199.75, 311.25, 200.25);
            assertThat(f.details()).containsEntry("line_width", 0.5).containsEntry("role", "stroke");
        });
    }

    @Test
    void outlinedGlyphPartsOnAWhiteKnockoutAreNotReported() {
        // thin filled bars (outlined logo strokes count as lines, GWG I00004)
        Pdfs.Page p = cyanPage().fill(WHITE).rect(90, 180, 220, 40).fill(BLACK).rect(100, 190, 80, 0.6)
                .rect(200, 190, 0.6, 20);
        assertThat(line(p)).isEmpty();
    }

    @Test
    void colourPaintedOverTheKnockoutBeforeTheLineStillCounts() {
        Pdfs.Page p = cyanPage().fill(WHITE).rect(90, 180, 220, 40).fill(Pdfs.cmyk(0, 1, 0, 0)).rect(150, 195, 10, 10)
                .stroke(BLACK).lineWidth(0.5).line(100, 200, 300, 200);
        assertThat(line(p)).hasSize(1);
    }

    @Test
    void aWhiteShapeThatIsNoExactCoverHidesNothing() {
        // a white triangle whose box holds the rule: where it covers is not known from its box, so colour may show
        Pdfs.Page p = cyanPage().fill(WHITE).raw("90 180 m 310 180 l 200 260 l f").stroke(BLACK).lineWidth(0.5)
                .line(100, 200, 300, 200);
        assertThat(line(p)).hasSize(1);
    }

    @Test
    void aKnockoutThatOverprintsHidesNothing() {
        Pdfs.Page p = cyanPage().save().overprint(true, true, 1).fill(WHITE).rect(90, 180, 220, 40).restore()
                .stroke(BLACK).lineWidth(0.5).line(100, 200, 300, 200);
        assertThat(line(p)).hasSize(1);
    }

    @Test
    void ruleInsideAColouredFrameLiesOnPaper() {
        Pdfs.Page p = Pdfs.document().page(400, 400).stroke(CYAN).lineWidth(1).strokeRect(50, 50, 300, 300)
                .stroke(BLACK).lineWidth(0.5).line(100, 200, 300, 200);
        assertThat(line(p)).isEmpty();
        Pdfs.Page crossing = Pdfs.document().page(400, 400).stroke(CYAN).lineWidth(1).strokeRect(50, 50, 300, 300)
                .stroke(BLACK).lineWidth(0.5).line(100, 200, 360, 200);
        assertThat(line(crossing)).hasSize(1);
    }

    @Test
    void ruleBetweenTheFarApartPartsOfAColouredPathLiesOnPaper() {
        Pdfs.Page p = Pdfs.document().page(400, 400).fill(CYAN).raw("10 10 20 20 re 370 370 20 20 re f")
                .stroke(BLACK).lineWidth(0.5).line(100, 200, 300, 200);
        assertThat(line(p)).isEmpty();
        Pdfs.Page touching = Pdfs.document().page(400, 400).fill(CYAN).raw("10 10 20 20 re 370 370 20 20 re f")
                .stroke(BLACK).lineWidth(0.5).line(20, 20, 300, 20);
        assertThat(line(touching)).hasSize(1);
    }

    @Test
    void blackTextOnAWhiteKnockoutOverColourIsNotReported() {
        Pdfs.Page onWhite = cyanPage().fill(WHITE).rect(90, 180, 220, 40).fill(BLACK).text(100, 200, 8, "Logo");
        assertThat(PdfFacts.run(new BlackTextOverprintMissingCheck(), onWhite)).isEmpty();
        Pdfs.Page onCyan = cyanPage().fill(BLACK).text(100, 200, 8, "Logo");
        assertThat(PdfFacts.run(new BlackTextOverprintMissingCheck(), onCyan)).hasSize(1);
    }

    @Test
    void withOnlyOverlappingOffEveryThinBlackLineIsReported() {
        Pdfs.Page p = cyanPage().fill(WHITE).rect(90, 180, 220, 40).stroke(BLACK).lineWidth(0.5).line(100, 200, 300,
                200);
        assertThat(PdfFacts.run(new BlackLineOverprintMissingCheck(), p, "only_overlapping", false)).hasSize(1);
    }
}
