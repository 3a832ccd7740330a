package dev.preflight.engine.checks.lines;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.PdfFacts;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LINE_MULTICHANNEL_THIN and a hairline outline drawn exactly over a fill of the same path and colour (what
 * drawing programs export for a shape with "stroke = fill"): the outline never shows as a line, so it is not judged
 * (the decision is documented on {@link MultichannelThinLineCheck}); any difference in path or colour makes it a
 * line again.
 */
class SameColourOutlineTests {

    private static final Pdfs.Colour BLUE = Pdfs.cmyk(0.5, 0.5, 0, 0);

    private static List<Finding> run(Pdfs.Page p) {
        return PdfFacts.run(new MultichannelThinLineCheck(), p);
    }

    private static Pdfs.Page page() {
        return Pdfs.document().page(400, 400);
    }

    @Test
    void fillAndStrokeOfOnePathInOneColourIsNoLine() {
        assertThat(run(page().fill(BLUE).stroke(BLUE).lineWidth(0.1).raw("100 100 200 100 re B"))).isEmpty();
        assertThat(run(page().fill(BLUE).stroke(BLUE).lineWidth(0).raw("100 100 m 300 100 l 200 250 l b")))
                .isEmpty();
    }

    @Test
    void fillThenStrokeOfTheSamePathInOneColourIsNoLine() {
        assertThat(run(page().fill(BLUE).rect(100, 100, 200, 100).stroke(BLUE).lineWidth(0.1)
                .strokeRect(100, 100, 200, 100))).isEmpty();
        List<Finding> notes = PdfFacts.runWithNotes(new MultichannelThinLineCheck(), page().fill(BLUE)
                .rect(100, 100, 200, 100).stroke(BLUE).lineWidth(0.1).strokeRect(100, 100, 200, 100), Map.of());
        assertThat(notes).singleElement().satisfies(n -> {
            assertThat(n.details()).containsEntry("skipped_outline_of_same_colour_fill", 1);
            assertThat(n.message()).contains("1 outlining a fill of the same path and colour (no line shows)");
        });
    }

    @Test
    void anOutlineInAnotherColourIsALine() {
        assertThat(run(page().fill(Pdfs.cmyk(0, 0, 0, 0)).stroke(BLUE).lineWidth(0.1).raw("100 100 200 100 re B")))
                .singleElement().satisfies(f -> {
                    assertThat(f.message()).isEqualTo("Line in 2 inks of 0.100 pt is thinner than 0.250 pt");
                    assertThat(f.details()).containsEntry("line_width", 0.1).containsEntry("shape", "stroke");
                });
        assertThat(run(page().fill(Pdfs.cmyk(0.5, 0.51, 0, 0)).stroke(BLUE).lineWidth(0.1)
                .raw("100 100 200 100 re B"))).hasSize(1);
    }

    @Test
    void anOutlineOfAnotherPathIsALine() {
        // one point larger on the right only: not the fill's own outline
        assertThat(run(page().fill(BLUE).rect(100, 100, 200, 100).stroke(BLUE).lineWidth(0.1)
                .strokeRect(100, 100, 201, 100))).hasSize(1);
        // the same box grown evenly by half the line width is the same path within rounding
        assertThat(run(page().fill(BLUE).rect(100, 100, 200, 100).stroke(BLUE).lineWidth(0.1)
                .strokeRect(100.004, 100, 200, 100))).isEmpty();
    }

    @Test
    void anOutlineNotPaintedRightAfterItsFillIsALine() {
        assertThat(run(page().fill(BLUE).rect(100, 100, 200, 100).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(10, 10, 5, 5)
                .stroke(BLUE).lineWidth(0.1).strokeRect(100, 100, 200, 100))).hasSize(1);
    }

    @Test
    void anOutlineOverAFillOnALayerThatIsOffIsALine() {
        Pdfs.Doc d = Pdfs.document().layer("Off", false);
        Pdfs.Page p = d.page(400, 400).layer("Off", c -> c.fill(BLUE).rect(100, 100, 200, 100)).stroke(BLUE)
                .lineWidth(0.1).strokeRect(100, 100, 200, 100);
        assertThat(run(p)).hasSize(1);
    }

    @Test
    void aLoneThinMultichannelLineIsStillReported() {
        assertThat(run(page().stroke(BLUE).lineWidth(0.24).line(60, 200, 300, 200))).hasSize(1);
        assertThat(run(page().stroke(BLUE).lineWidth(0.25).line(60, 200, 300, 200))).isEmpty();
    }
}
