package dev.preflight.engine.checks.processing;

import dev.preflight.engine.checks.Check;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static dev.preflight.engine.checks.processing.PackagingPdfs.CYAN;
import static dev.preflight.engine.checks.processing.PackagingPdfs.run;
import static org.assertj.core.api.Assertions.assertThat;

/** DIELINE_WITHOUT_PROC_STEPS: legacy die, cut and crease inks in files without ISO 19593-1 layers. */
class LegacyDielineTests {


    private final Check dieline = new DielineWithoutStepsCheck();

    private static Pdfs.Page legacy(String ink) {
        return Pdfs.document().page(400, 400).fill(CYAN).rect(50, 50, 300, 300)
                .save().overprint(true, true, 1).stroke(Pdfs.spot(ink, 1, 0, 1, 0, 0)).lineWidth(0.5)
                .strokeRect(50, 50, 300, 300).restore();
    }

    @Test
    void aLegacyDielineWithoutStepLayersFails() {
        assertThat(run(dieline, legacy("CutContour"))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Spot colour \"CutContour\" looks like a dieline, but the "
                    + "document has no ISO 19593-1 processing-step layer");
            assertThat(f.bbox()).containsExactly(49.75, 49.75, 350.25, 350.25);
            assertThat(f.details()).containsEntry("spot", "CutContour").containsEntry("uses", 1);
        });
    }

    @Test
    void theSameInkInADocumentWithStepLayersPasses() {
        Pdfs.Page p = Pdfs.document().processStepLayer("Die", "Structural", "Cutting").page(400, 400)
                .stroke(Pdfs.spot("CutContour", 1, 0, 1, 0, 0)).strokeRect(50, 50, 300, 300);
        assertThat(run(dieline, p)).isEmpty();
    }

    @ParameterizedTest(name = "\"{0}\" is a dieline ink: {1}")
    @CsvSource({"Cut Contour,true", "cutcontour2,true", "Dieline 1,true", "Die-Line,true", "STANZE,true",
            "Rillung,true", "Kiss_Cut,true", "Perf,true", "Diesel Red,false", "Black,false", "Cutter Blue,false",
            "PANTONE 185 C,false", "Perfect Blue,false"})
    void inkNamesAreRecognisedAsTheTradeWritesThem(String ink, boolean isDieline) {
        assertThat(run(dieline, legacy(ink))).hasSize(isDieline ? 1 : 0);
    }

    @Test
    void namesCanBeGiven() {
        assertThat(run(dieline, legacy("Knife"), "names", List.of("Knife"))).hasSize(1);
        assertThat(run(dieline, legacy("CutContour"), "names", List.of("Knife"))).isEmpty();
    }

    @Test
    void usesAreCountedPerObject() {
        Pdfs.Page p = legacy("Die").fill(Pdfs.spot("Die", 1, 0, 1, 0, 0)).stroke(Pdfs.spot("Die", 1, 0, 1, 0, 0))
                .raw("10 10 20 20 re B");
        assertThat(run(dieline, p)).singleElement().satisfies(f -> assertThat(f.details())
                .containsEntry("uses", 2));
    }
}
