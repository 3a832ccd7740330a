package dev.preflight.engine.checks.processing;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.PdfFacts;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.checks.processing.PackagingPdfs.CYAN;
import static dev.preflight.engine.checks.processing.PackagingPdfs.run;
import static dev.preflight.engine.checks.processing.PackagingPdfs.typelessStepLayer;
import static org.assertj.core.api.Assertions.assertThat;

/** WHITE_INK_NOT_OVERPRINT and VARNISH_NOT_OVERPRINT: white and varnish printed over artwork must overprint. */
class WhiteAndVarnishKnockoutTests {


    private final Check white = SpecialInkKnockoutCheck.white();
    private final Check varnish = SpecialInkKnockoutCheck.varnish();

    private static Pdfs.Page over(Pdfs.Colour ink, boolean overprint) {
        return Pdfs.document().page(400, 400).fill(CYAN).rect(50, 50, 300, 300)
                .save().overprint(overprint, overprint, 1).fill(ink).rect(100, 100, 80, 40).restore();
    }

    @Test
    void anOverprintingWhitePasses() {
        assertThat(run(white, over(Pdfs.spot("White", 1, 0, 0, 0, 0.05), true))).isEmpty();
    }

    @Test
    void aKnockoutWhiteFails() {
        assertThat(run(white, over(Pdfs.spot("Opaque White", 1, 0, 0, 0, 0.05), false))).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).isEqualTo("White ink \"Opaque White\" knocks out: its fill does not "
                            + "overprint");
                    assertThat(f.bbox()).containsExactly(100.0, 100.0, 180.0, 140.0);
                    assertThat(f.details()).containsEntry("ink", "Opaque White").containsEntry("role", "fill")
                            .containsEntry("color", "Separation Opaque White 1").containsEntry("element", "fill");
                    assertThat(f.severity().wire()).isEqualTo("warning");
                });
    }

    @Test
    void whiteAtTintZeroPutsNoWhiteInkDown() {
        assertThat(run(white, over(Pdfs.spot("White", 0, 0, 0, 0, 0.05), false))).isEmpty();
        assertThat(run(white, over(Pdfs.spot("White", 0.01, 0, 0, 0, 0.05), false))).hasSize(1);
    }

    @Test
    void aKnockoutOverNothingIsSkippedUnlessAsked() {
        Pdfs.Page alone = Pdfs.document().page(400, 400).fill(Pdfs.spot("White", 1, 0, 0, 0, 0.05))
                .rect(100, 100, 80, 40);
        List<Finding> notes = PdfFacts.runWithNotes(white, alone, Map.of());
        assertThat(notes).singleElement().satisfies(n -> assertThat(n.details())
                .containsEntry("skipped_not_overlapping", 1));
        Pdfs.Page again = Pdfs.document().page(400, 400).fill(Pdfs.spot("White", 1, 0, 0, 0, 0.05))
                .rect(100, 100, 80, 40);
        assertThat(run(white, again, "only_overlapping", false)).hasSize(1);
    }

    @Test
    void anyInkInAWhiteProcessingStepLayerIsWhite() {
        Pdfs.Page p = typelessStepLayer(Pdfs.document(), "W", "White").page(400, 400).fill(CYAN)
                .rect(50, 50, 300, 300).layer("W", l -> l.fill(Pdfs.spot("W1", 1, 0, 0, 0, 0.05))
                        .rect(100, 100, 80, 40));
        assertThat(run(white, p)).singleElement().satisfies(f -> assertThat(f.details())
                .containsEntry("ink", "W1").containsEntry("layer", "W"));
        assertThat(run(varnish, typelessStepLayer(Pdfs.document(), "W", "White").page(400, 400).fill(CYAN)
                .rect(50, 50, 300, 300).layer("W", l -> l.fill(Pdfs.spot("W1", 1, 0, 0, 0, 0.05))
                        .rect(100, 100, 80, 40)))).isEmpty();
    }

    @Test
    void aWhiteOnALayerThatIsOffStillMakesItsPlate() {
        Pdfs.Page p = Pdfs.document().layer("Off", false).page(400, 400).fill(CYAN).rect(50, 50, 300, 300)
                .layer("Off", l -> l.fill(Pdfs.spot("White", 1, 0, 0, 0, 0.05)).rect(100, 100, 80, 40));
        assertThat(run(white, p)).hasSize(1);
    }

    @Test
    void aKnockoutVarnishFails() {
        assertThat(run(varnish, over(Pdfs.spot("Spot UV", 1, 0, 0, 0.1, 0), false))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Varnish \"Spot UV\" knocks out: its fill "
                        + "does not overprint"));
        assertThat(run(varnish, over(Pdfs.spot("Drucklack", 1, 0, 0, 0.1, 0), true))).isEmpty();
        assertThat(run(varnish, over(Pdfs.spot("Black", 1, 0, 0, 0, 1), false))).as("no \"lack\" in Black")
                .isEmpty();
        assertThat(run(varnish, over(Pdfs.spot("Glanz", 1, 0, 0, 0.1, 0), false), "names", List.of("Glanz")))
                .hasSize(1);
    }
}
