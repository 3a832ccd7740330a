package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;

import static dev.preflight.engine.facts.FactsFixture.facts;
import static dev.preflight.engine.facts.FactsFixture.only;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a path puts ink when its box says little: the segment boxes of a stroke (crop marks at four corners, a
 * frame) and the subpath boxes of a fill, and which elements cover what lies below them exactly.
 */
class PathPartsFactsTests {

    private static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);

    /** Two crop marks as one path: a horizontal one at the bottom left, a vertical one at the top right. */
    private static final String TWO_MARKS = "10 20 m 30 20 l 370 360 m 370 390 l S";

    @Test
    void strokeOfFarApartSegmentsKeepsEachSegmentGrownByHalfTheLineWidth() {
        PaintedElement e = only(facts(Pdfs.document().page(400, 400).stroke(BLACK).lineWidth(2).raw(TWO_MARKS)
                .done().bytes()), x -> x.kind() == ElementKind.STROKE);
        assertThat(e.bbox()).isEqualTo(new Box(9, 19, 371, 391));
        assertThat(e.parts()).containsExactly(new Box(9, 19, 31, 21), new Box(369, 359, 371, 391));
    }

    @Test
    void hairlineSegmentsAreZeroWidthParts() {
        PaintedElement e = only(facts(Pdfs.document().page(400, 400).stroke(BLACK).lineWidth(0).raw(TWO_MARKS)
                .done().bytes()), x -> x.kind() == ElementKind.STROKE);
        assertThat(e.parts()).containsExactly(new Box(10, 20, 30, 20), new Box(370, 360, 370, 390));
    }

    @Test
    void segmentsAreInPageSpace() {
        PaintedElement e = only(facts(Pdfs.document().page(400, 400).transform(2, 0, 0, 2, 5, 0).stroke(BLACK)
                .lineWidth(0).raw("0 0 m 10 0 l 100 100 m 100 150 l S").done().bytes()),
                x -> x.kind() == ElementKind.STROKE);
        assertThat(e.parts()).containsExactly(new Box(5, 0, 25, 0), new Box(205, 200, 205, 300));
    }

    @Test
    void strokedRectangleIsFourEdges() {
        PaintedElement e = only(facts(Pdfs.document().page(400, 400).stroke(BLACK).lineWidth(1)
                .strokeRect(50, 50, 300, 300).done().bytes()), x -> x.kind() == ElementKind.STROKE);
        assertThat(e.parts()).containsExactly(new Box(49.5, 49.5, 350.5, 50.5), new Box(349.5, 49.5, 350.5, 350.5),
                new Box(49.5, 349.5, 350.5, 350.5), new Box(49.5, 49.5, 50.5, 350.5));
    }

    @Test
    void closingSegmentAndCurvesCount() {
        // the closing edge of an outline drawn with l and h is a segment too; a curve is held by its control points
        PaintedElement e = only(facts(Pdfs.document().page(400, 400).stroke(BLACK).lineWidth(0)
                .raw("10 10 m 300 10 l 300 300 l 10 300 l h S").done().bytes()), x -> x.kind() == ElementKind.STROKE);
        assertThat(e.parts()).containsExactly(new Box(10, 10, 300, 10), new Box(300, 10, 300, 300),
                new Box(10, 300, 300, 300), new Box(10, 10, 10, 300));
        PaintedElement curve = only(facts(Pdfs.document().page(400, 400).stroke(BLACK).lineWidth(0)
                .raw("10 10 m 20 10 l 300 300 m 310 300 320 310 320 320 c S").done().bytes()),
                x -> x.kind() == ElementKind.STROKE);
        assertThat(curve.parts()).containsExactly(new Box(10, 10, 20, 10), new Box(300, 300, 320, 320));
    }

    @Test
    void fillOfFarApartSubpathsKeepsEachSubpath() {
        PaintedElement e = only(facts(Pdfs.document().page(400, 400).fill(BLACK)
                .raw("10 10 20 20 re 300 300 m 350 300 l 350 350 l f").done().bytes()),
                x -> x.kind() == ElementKind.FILL);
        assertThat(e.parts()).containsExactly(new Box(10, 10, 30, 30), new Box(300, 300, 350, 350));
    }

    @Test
    void partsCoveringHalfTheBoxOrMoreAreNotKept() {
        // two squares side by side fill the box: the box already says where the ink is
        PaintedElement near = only(facts(Pdfs.document().page(400, 400).fill(BLACK)
                .raw("10 10 50 50 re 60 10 50 50 re f").done().bytes()), x -> x.kind() == ElementKind.FILL);
        assertThat(near.parts()).isEmpty();
        // a ring: the hole lies inside the outer subpath
        PaintedElement ring = only(facts(Pdfs.document().page(400, 400).fill(BLACK)
                .raw("10 10 100 100 re 40 40 40 40 re f*").done().bytes()), x -> x.kind() == ElementKind.FILL);
        assertThat(ring.parts()).isEmpty();
    }

    @Test
    void aSinglePartOrTooManyPartsAreNotKept() {
        PaintedElement one = only(facts(Pdfs.document().page(400, 400).stroke(BLACK).lineWidth(1)
                .line(10, 10, 300, 300).done().bytes()), x -> x.kind() == ElementKind.STROKE);
        assertThat(one.parts()).isEmpty();
        StringBuilder marks = new StringBuilder();
        for (int i = 0; i < PathBuilder.MAX_PARTS; i++) {
            marks.append(10 + 20 * i).append(' ').append(10 + 20 * i).append(" m ").append(12 + 20 * i).append(' ')
                    .append(10 + 20 * i).append(" l ");
        }
        PaintedElement sixteen = only(facts(Pdfs.document().page(400, 400).stroke(BLACK).lineWidth(0)
                .raw(marks + "S").done().bytes()), x -> x.kind() == ElementKind.STROKE);
        assertThat(sixteen.parts()).hasSize(PathBuilder.MAX_PARTS);
        PaintedElement seventeen = only(facts(Pdfs.document().page(400, 400).stroke(BLACK).lineWidth(0)
                .raw(marks + "390 390 m 392 390 l S").done().bytes()), x -> x.kind() == ElementKind.STROKE);
        assertThat(seventeen.parts()).isEmpty();
    }

    @Test
    void textAndImagesHaveNoParts() {
        DocumentFacts f = facts(Pdfs.document().page(400, 400).fill(BLACK).text(100, 100, 10, "Sample")
                .image(Pdfs.image(8, 8).cmyk(), 200, 200, 50, 50).done().bytes());
        assertThat(f.pages().getFirst().elements()).allSatisfy(e -> assertThat(e.parts()).isEmpty());
    }

    @Test
    void opaqueRectanglesAndPlainImagesCoverExactlyOthersDoNot() {
        DocumentFacts f = facts(Pdfs.document().page(400, 400)
                .fill(Pdfs.cmyk(0, 0, 0, 0)).rect(10, 10, 50, 50)
                .fill(BLACK).raw("100 100 m 150 100 l 150 150 l f")
                .image(Pdfs.image(8, 8).cmyk(), 200, 200, 50, 50)
                .save().overprint(true, true, 1).fill(BLACK).rect(300, 300, 20, 20).restore()
                .save().alpha(0.5, 0.5).fill(BLACK).rect(300, 10, 20, 20).restore()
                .stroke(BLACK).strokeRect(10, 300, 20, 20)
                .done().bytes());
        var byBox = f.pages().getFirst().elements();
        assertThat(byBox).extracting(PaintedElement::exactCover)
                .containsExactly(true, false, true, false, false, false);
    }
}
