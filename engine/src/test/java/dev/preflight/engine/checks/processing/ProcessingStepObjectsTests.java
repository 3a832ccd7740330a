package dev.preflight.engine.checks.processing;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.ContentFacts;
import dev.preflight.engine.checks.PdfFacts;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static dev.preflight.engine.checks.processing.PackagingPdfs.BLACK;
import static dev.preflight.engine.checks.processing.PackagingPdfs.BLEED;
import static dev.preflight.engine.checks.processing.PackagingPdfs.CYAN;
import static dev.preflight.engine.checks.processing.PackagingPdfs.DIE;
import static dev.preflight.engine.checks.processing.PackagingPdfs.carton;
import static dev.preflight.engine.checks.processing.PackagingPdfs.dieLine;
import static dev.preflight.engine.checks.processing.PackagingPdfs.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * PROC_STEPS_NOT_SPOT, PROC_STEPS_NOT_OVERPRINT and PROC_STEPS_SPOT_IN_ARTWORK on generated cartons: a die line
 * in its ISO 19593-1 processing-step layer must be a spot colour set to overprint on the printed surface, and its
 * ink must paint nothing else.
 */
class ProcessingStepObjectsTests {


    private final Check notSpot = new StepsNotSpotCheck();

    @Test
    void aDieLineInASpotColourPasses() {
        assertThat(run(notSpot, dieLine(carton(), DIE, true))).isEmpty();
    }

    @Test
    void aDieLineInProcessColourFails() {
        assertThat(run(notSpot, dieLine(carton(), BLACK, true))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Processing-step object (Structural/Cutting in layer \"Die\") is "
                    + "painted in DeviceCMYK, not a spot colour");
            assertThat(f.pageNum()).isEqualTo(1);
            assertThat(f.bbox()).containsExactly(49.75, 49.75, 350.25, 350.25);
            assertThat(f.objectType()).isEqualTo("path");
            assertThat(f.details()).containsEntry("layer", "Die").containsEntry("group", "Structural")
                    .containsEntry("type", "Cutting").containsEntry("role", "stroke")
                    .containsEntry("color_space", "DeviceCMYK").containsEntry("element", "stroke");
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"Black", "All", "None", "Cyan"})
    void aSeparationOfAProcessColourAllOrNoneIsNoSpot(String name) {
        assertThat(run(notSpot, dieLine(carton(), Pdfs.spot(name, 1, 0, 0, 0, 1), true))).hasSize(1);
    }

    @Test
    void aDeviceNIsNoSeparation() {
        Pdfs.Colour dn = Pdfs.deviceN(List.of("Die", "Crease"), new double[] {1, 0},
                new double[][] {{0, 1, 0, 0}, {0, 0, 1, 0}});
        assertThat(run(notSpot, dieLine(carton(), dn, true))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("color_space", "DeviceN Die+Crease"));
    }

    @Test
    void aFilledStepObjectIsJudgedByItsFill() {
        Pdfs.Page p = carton().layer("Die", l -> l.fill(Pdfs.rgb(1, 0, 0)).rect(100, 100, 20, 20));
        assertThat(run(notSpot, p)).singleElement().satisfies(f -> {
            assertThat(f.details()).containsEntry("role", "fill").containsEntry("color_space", "DeviceRGB");
            assertThat(f.message()).endsWith("is painted in DeviceRGB, not a spot colour");
        });
    }

    @Test
    void stepObjectsInTheSlugAreFree() {
        // a dimension line wholly outside the BleedBox, and one reaching 0.1 pt into it
        Pdfs.Page outside = carton().layer("Die", l -> l.stroke(BLACK).lineWidth(0).line(10, 20,
                50 - BLEED - 0.01, 20));
        assertThat(run(notSpot, outside)).isEmpty();
        Pdfs.Page inside = carton().layer("Die", l -> l.stroke(BLACK).lineWidth(0).line(10, 45,
                50 - BLEED + 0.1, 45));
        assertThat(run(notSpot, inside)).hasSize(1);
    }

    @Test
    void aStepLayerThatIsOffIsJudgedToo() {
        Pdfs.Page p = carton(d -> {
            COSDictionary oc = d.catalog().getCOSDictionary(COSName.OCPROPERTIES).getCOSDictionary(COSName.D);
            oc.setItem(COSName.BASE_STATE, COSName.OFF);
            oc.setItem(COSName.ON, new org.apache.pdfbox.cos.COSArray());
            return d;
        });
        assertThat(run(notSpot, dieLine(p, BLACK, true))).hasSize(1);
    }

    @Test
    void artworkOutsideTheStepLayersIsNotJudged() {
        assertThat(run(notSpot, carton().stroke(BLACK).lineWidth(0.5).line(60, 200, 300, 200))).isEmpty();
    }


    private final Check notOverprint = new StepsNotOverprintCheck();

    @Test
    void anOverprintingDieLinePasses() {
        assertThat(run(notOverprint, dieLine(carton(), DIE, true))).isEmpty();
    }

    @Test
    void aKnockoutDieLineFails() {
        assertThat(run(notOverprint, dieLine(carton(), DIE, false))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Processing-step object (Structural/Cutting in layer \"Die\") "
                    + "knocks out: its stroke does not overprint");
            assertThat(f.bbox()).containsExactly(49.75, 49.75, 350.25, 350.25);
            assertThat(f.details()).containsEntry("role", "stroke").containsEntry("color", "Separation Die 1")
                    .containsEntry("layer", "Die").containsEntry("type", "Cutting");
        });
    }

    @Test
    void fillAndStrokeAreJudgedByTheirOwnFlag() {
        // fill overprint on, stroke overprint off: the stroke knocks out
        Pdfs.Page p = carton().layer("Die", l -> l.overprint(true, false, 1).fill(DIE).stroke(DIE)
                .raw("100 100 50 50 re B"));
        assertThat(run(notOverprint, p)).singleElement().satisfies(f -> assertThat(f.details())
                .containsEntry("role", "stroke").containsEntry("element", "fill_stroke"));
        Pdfs.Page fillOnly = carton().layer("Die", l -> l.overprint(false, true, 1).fill(DIE)
                .rect(100, 100, 50, 50));
        assertThat(run(notOverprint, fillOnly)).singleElement().satisfies(f -> assertThat(f.message())
                .endsWith("knocks out: its fill does not overprint"));
    }

    @Test
    void stepObjectsInTheSlugMayKnockOut() {
        Pdfs.Page outside = carton().layer("Die", l -> l.stroke(DIE).lineWidth(0).line(10, 20,
                50 - BLEED - 0.01, 20));
        assertThat(run(notOverprint, outside)).isEmpty();
        Pdfs.Page inside = carton().layer("Die", l -> l.stroke(DIE).lineWidth(0).line(10, 45,
                50 - BLEED + 0.1, 45));
        assertThat(run(notOverprint, inside)).hasSize(1);
    }


    private final Check spotInArtwork = new StepsSpotInArtworkCheck();

    @Test
    void aStepInkUsedByStepObjectsOnlyPasses() {
        assertThat(run(spotInArtwork, dieLine(carton(), DIE, true))).isEmpty();
    }

    @Test
    void artworkInTheStepInkFails() {
        Pdfs.Page p = dieLine(carton(), DIE, true).fill(DIE).rect(100, 100, 20, 30);
        assertThat(run(spotInArtwork, p)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Spot colour \"Die\" of processing step Structural/Cutting in "
                    + "layer \"Die\" also paints 1 artwork object");
            assertThat(f.bbox()).containsExactly(100.0, 100.0, 120.0, 130.0);
            assertThat(f.details()).containsEntry("spot", "Die").containsEntry("step", "Structural/Cutting")
                    .containsEntry("layer", "Die").containsEntry("artwork_objects", 1)
                    .containsEntry("pages", List.of(1));
        });
    }

    @Test
    void everyArtworkUseIsCountedWithItsPages() {
        Pdfs.Doc d = dieLine(carton(), DIE, true).fill(DIE).rect(100, 100, 20, 30).done();
        d.page(400, 400).fill(Pdfs.deviceN(List.of("Die", "Gold"), new double[] {0.5, 1},
                new double[][] {{0, 1, 0, 0}, {0, 0.2, 0.6, 0.1}})).rect(10, 10, 5, 5).rect(30, 30, 5, 5);
        List<Finding> f = ContentFacts.run(spotInArtwork, PdfFacts.of(d.bytes()));
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.message()).endsWith("also paints 3 artwork objects");
            assertThat(x.details()).containsEntry("artwork_objects", 3).containsEntry("pages", List.of(1, 2));
            assertThat(x.pageNum()).isEqualTo(1);
        });
    }

    @Test
    void artworkThatPrintsNothingDoesNotCount() {
        // covered by an opaque box painted later, and on a layer that is off
        Pdfs.Page p = dieLine(carton(d -> d.layer("Old", false)), DIE, true).fill(DIE).rect(100, 100, 20, 30)
                .fill(CYAN).rect(90, 90, 50, 50).layer("Old", l -> l.fill(DIE).rect(200, 200, 20, 20));
        assertThat(run(spotInArtwork, p)).isEmpty();
    }
}
