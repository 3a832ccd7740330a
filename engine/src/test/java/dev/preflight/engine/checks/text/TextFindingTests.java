package dev.preflight.engine.checks.text;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.gray;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.runWithNotes;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

/** What the text checks report (text, font, paints), what they skip and note, and their exact limits. */
class TextFindingTests {

    private static final double MM = 72.0 / 25.4;

    @Test
    void aFindingCarriesTheTextItsFontAndItsPaints() {
        Finding f = run(new SmallTextCheck(), page(text(4))).getFirst();
        assertThat(f.message()).isEqualTo("Text of 4.00 pt is smaller than 5.00 pt");
        assertThat(f.objectId()).isEqualTo("10 0 R");
        assertThat(f.objectType()).isEqualTo("text");
        assertThat(f.details()).containsEntry("font", "ABCDEF+Helvetica").containsEntry("font_size", 4.0)
                .containsEntry("render_mode", 0).containsEntry("text", "Hello")
                .containsEntry("fill", "DeviceCMYK 0/0/0/1").doesNotContainKey("stroke")
                .containsEntry("min_size_pt", 5.0).doesNotContainKey("skipped_not_overlapping");
    }

    @Test
    void longTextIsCutAtEightyCharactersAndEmptyTextIsNone() {
        String eighty = "x".repeat(80);
        assertThat(run(new SmallTextCheck(), page(text(4).content(eighty))).getFirst().details())
                .containsEntry("text", eighty);
        assertThat(run(new SmallTextCheck(), page(text(4).content(eighty + "y"))).getFirst().details())
                .containsEntry("text", eighty + "...");
        assertThat(run(new SmallTextCheck(), page(text(4).content(""))).getFirst().details())
                .doesNotContainKey("text");
    }

    @Test
    void onlyInkedTextIsJudgedAndTextOverNothingToo() {
        assertThat(run(new SmallTextCheck(), page(fill(), text(4), text(4).renderMode(3)))).hasSize(1);
        assertThat(run(new SmallTextCheck(), page(text(4).notOverlapping()))).hasSize(1);
    }

    @Test
    void hiddenTextThatWouldBeReportedIsNotedAsSkipped() {
        var facts = page(text(4).hidden("covered"), text(4).hidden("clipped"), text(9).hidden("covered"));
        assertThat(run(new SmallTextCheck(), facts)).isEmpty();
        assertThat(runWithNotes(new SmallTextCheck(), facts, params(), null)).singleElement()
                .satisfies(n -> assertThat(n.details()).containsEntry("skipped_total", 2)
                        .containsEntry("skipped_covered", 1).containsEntry("skipped_clipped", 1));
        var hiddenFill = page(fill().hidden("covered"));
        assertThat(runWithNotes(new SmallTextCheck(), hiddenFill, params(), null)).isEmpty();
    }

    @Test
    void richBlackLimitsHoldExactly() {
        // K 0.75 and a sum of exactly 2.0; the parameters land on them once the 1e-9 tolerance is applied
        var facts = page(text(10).fill(cmyk(0.5, 0.5, 0.25, 0.75)));
        assertThat(run(new RichBlackTextCheck(), facts, params("min_k", 0.750000001, "max_sum", 1.5))).hasSize(1);
        assertThat(run(new RichBlackTextCheck(), facts, params("min_k", 0.5, "max_sum", 1.999999999))).isEmpty();
        Finding f = run(new RichBlackTextCheck(), facts, params("min_k", 0.5, "max_sum", 1.5)).getFirst();
        assertThat(f.message()).isEqualTo("Rich black text: K 75 % with a total of 200 % (above 150 %)");
        assertThat(f.details()).containsEntry("min_k", 0.5).containsEntry("max_sum", 1.5);
    }

    @Test
    void richBlackIsFoundOnTheStrokeToo() {
        var outlined = page(text(10).renderMode(1).fill(null).stroke(cmyk(0.9, 0.9, 0.9, 1)));
        assertThat(run(new RichBlackTextCheck(), outlined)).hasSize(1);
    }

    @Test
    void textNearTheTrimIsMeasuredToEveryEdge() {
        Box trim = new Box(0, 0, 600, 800);
        double[][] boxes = {{1 * MM, 100, 200, 120}, {300, 100, 600 - 2 * MM, 120}, {300, 800 - 1.5 * MM - 20, 400,
                800 - 1.5 * MM}, {300, 0.5 * MM, 400, 20}};
        double[] expected = {1, 2, 1.5, 0.5};
        for (int i = 0; i < boxes.length; i++) {
            double[] b = boxes[i];
            var facts = doc().page(text(10).at(b[0], b[1], b[2], b[3])).trim(1, trim).build();
            Finding f = run(new TextNearTrimCheck(), facts).getFirst();
            assertThat((Double) f.details().get("distance_mm")).as("edge %d", i).isCloseTo(expected[i],
                    org.assertj.core.api.Assertions.within(1e-3));
        }
        var onMargin = doc().page(text(10).at(3.0 * MM, 100, 200, 120)).trim(1, trim).build();
        assertThat(run(new TextNearTrimCheck(), onMargin)).isEmpty();
        var near = doc().page(text(10).at(1 * MM, 100, 200, 120)).trim(1, trim).build();
        assertThat(run(new TextNearTrimCheck(), near).getFirst().message())
                .isEqualTo("Text is 1.00 mm from the trim edge (safety margin 3.00 mm)");
    }

    @Test
    void theDistanceIsMeasuredFromTheTrimNotFromTheOrigin() {
        var facts = doc().page(text(10).at(300, 20 + 0.5 * MM, 400, 40)).trim(1, new Box(20, 20, 620, 820)).build();
        assertThat((Double) run(new TextNearTrimCheck(), facts).getFirst().details().get("distance_mm"))
                .isCloseTo(0.5, org.assertj.core.api.Assertions.within(1e-3));
    }

    @Test
    void textCrossingTheTrimByExactlyTheToleranceIsAccepted() {
        assertThat(run(new TextCrossesTrimCheck(), page(text(10).at(9.5, 100, 200, 120)))).isEmpty();
        assertThat(run(new TextCrossesTrimCheck(), page(text(10).at(9.4, 100, 200, 120)))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Text extends 0.60 pt beyond the trim edge"));
    }

    @Test
    void thinOutlinesSayHairlineOrWidthAndWhiteOutlinesCountOnlyOverSomething() {
        var hairline = page(text(10).renderMode(1).stroke(cmyk(0, 0, 0, 1)).width(0));
        assertThat(run(new ThinTextOutlineCheck(), hairline).getFirst().message())
                .isEqualTo("Text outline is a hairline (width 0)");
        var thin = page(text(10).renderMode(1).stroke(cmyk(0, 0, 0, 1)).width(0.1));
        assertThat(run(new ThinTextOutlineCheck(), thin).getFirst().message())
                .isEqualTo("Text outline of 0.100 pt is thinner than 0.250 pt");
        assertThat(run(new ThinTextOutlineCheck(), page(text(10).renderMode(1).stroke(cmyk(0, 0, 0, 0)).width(0.1)
                .notOverlapping()))).isEmpty();
        assertThat(run(new ThinTextOutlineCheck(), page(text(10).renderMode(1).stroke(cmyk(0, 0, 0, 0)).width(0.1))))
                .hasSize(1);
        assertThat(run(new ThinTextOutlineCheck(), page(text(10).renderMode(1).stroke(cmyk(0, 0, 1, 0)).width(0.1)
                .notOverlapping()))).hasSize(1);
    }

    @Test
    void onlyRenderModeThreeIsInvisibleAndOnlyCoveredTextIsCovered() {
        assertThat(run(new InvisibleTextCheck(), page(text(10)))).isEmpty();
        assertThat(run(new InvisibleTextCheck(), page(text(10).renderMode(3)))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Text is invisible (render mode 3)"));
        assertThat(run(new CoveredTextCheck(), page(text(10).hidden("clipped")))).isEmpty();
        assertThat(run(new CoveredTextCheck(), page(text(10).hidden("covered")))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("not_visible_reason", "covered"));
    }

    @Test
    void smallTextPaintedOnlyByItsStrokeIsJudgedByTheStroke() {
        assertThat(run(new BlackGrayTextCheck(), page(text(8).renderMode(1).fill(null).stroke(gray(0)))))
                .singleElement().satisfies(f -> assertThat(f.message())
                        .isEqualTo("Black text of 8.00 pt (below 12.00 pt) uses DeviceGray"));
        assertThat(run(new WhiteSmallTextCheck(), page(text(5).renderMode(1).fill(null).stroke(cmyk(0, 0, 0, 0)))))
                .hasSize(1);
        assertThat(run(new MultichannelSmallTextCheck(), page(text(5).renderMode(1).fill(null)
                .stroke(cmyk(1, 1, 0, 0))))).hasSize(1);
        assertThat(run(new MultichannelSmallTextCheck(), page(text(5).renderMode(1).fill(cmyk(1, 1, 0, 0))
                .stroke(cmyk(0, 0, 0, 1))))).hasSize(1);
        assertThat(run(new MultichannelSmallTextCheck(), page(text(5).fill(cmyk(0, 0, 0, 1))))).isEmpty();
    }

    @Test
    void aTextListIsCheckedWhole() {
        List<Finding> f = run(new SmallTextCheck(), page(text(4), text(3), text(6)));
        assertThat(f).extracting(x -> x.details().get("font_size")).containsExactly(4.0, 3.0);
    }
}
