package dev.preflight.engine.checks.lines;

import dev.preflight.engine.Finding;
import org.junit.jupiter.api.Test;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.lineFill;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.runWithNotes;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static org.assertj.core.api.Assertions.assertThat;

/** What the line checks report: hairline or width, stroke or thin fill, and what they skip. */
class LineFindingTests {

    @Test
    void aHairlineStrokeSaysSoAndAThinFillOfWidthZeroIsNoHairline() {
        Finding f = run(new HairlineCheck(), page(stroke(0))).getFirst();
        assertThat(f.message()).isEqualTo("Line width is 0 (hairline, one device pixel)");
        assertThat(f.objectType()).isEqualTo("path");
        assertThat(f.details()).containsEntry("hairline", true).containsEntry("shape", "stroke")
                .containsEntry("line_width", 0.0).containsEntry("color", "DeviceCMYK 0/0/0/1")
                .doesNotContainKey("skipped_not_overlapping");
        assertThat(run(new HairlineCheck(), page(lineFill(0)))).isEmpty();
        assertThat(run(new HairlineCheck(), page(stroke(0).notOverlapping()))).as("over nothing").hasSize(1);
    }

    @Test
    void thinLinesGiveTheirWidthOrHairlineAndTheirShape() {
        Finding thin = run(new ThinLineCheck(), page(stroke(0.1))).getFirst();
        assertThat(thin.message()).isEqualTo("Line of 0.100 pt is thinner than 0.125 pt");
        assertThat(thin.details()).containsEntry("hairline", false).containsEntry("shape", "stroke")
                .containsEntry("min_width_pt", 0.125);
        assertThat(run(new ThinLineCheck(), page(stroke(0))).getFirst().message())
                .isEqualTo("Line is a hairline (width 0, one device pixel)");
        Finding thinFill = run(new ThinLineCheck(), page(lineFill(0.1))).getFirst();
        assertThat(thinFill.details()).containsEntry("hairline", false).containsEntry("shape", "thin_fill");
    }

    @Test
    void hiddenLinesThatWouldBeReportedLeaveANote() {
        var facts = page(stroke(0).hidden("covered"), stroke(1).hidden("covered"));
        assertThat(run(new HairlineCheck(), facts)).isEmpty();
        assertThat(runWithNotes(new HairlineCheck(), facts, params(), null)).singleElement()
                .satisfies(n -> assertThat(n.details()).containsEntry("skipped_covered", 1)
                        .containsEntry("skipped_total", 1));
    }

    @Test
    void aLightTintExactlyAtTheMinimumIsEnough() {
        assertThat(run(new LightTintThinLineCheck(), page(stroke(0.3).stroke(cmyk(0.25, 0, 0, 0))),
                params("min_tint_percent", 25.0))).isEmpty();
        Finding f = run(new LightTintThinLineCheck(), page(stroke(0.3).stroke(cmyk(0.25, 0, 0, 0))),
                params("min_tint_percent", 30.0)).getFirst();
        assertThat(f.message()).isEqualTo("Line of 0.300 pt uses a light tint (strongest ink 25.0 %)");
        assertThat(f.details()).containsEntry("max_width_pt", 0.5);
        assertThat(run(new LightTintThinLineCheck(), page(stroke(0.3).stroke(rgb(0.9, 0.9, 0.9))))).isEmpty();
        assertThat(run(new LightTintThinLineCheck(), page(fill()))).isEmpty();
    }
}
