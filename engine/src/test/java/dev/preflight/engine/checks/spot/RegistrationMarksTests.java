package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.PdfFacts;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * SPOT_REGISTRATION_ALL on printer's marks as exported by layout programs: crop marks in the registration colour in
 * the slug outside the BleedBox are trimmed away and are no page elements (GWG D0003); a mark path is judged and
 * located by its own segments, not by the box of the whole path; "All" at tint 0 puts no ink down.
 */
class RegistrationMarksTests {

    /** Trim 50..350, 3 mm (8.504 pt) bleed: the BleedBox is 41.496..358.504. */
    private static final double BLEED_LOW = 50 - 3 * 72 / 25.4;
    private static final double BLEED_HIGH = 350 + 3 * 72 / 25.4;

    private static Pdfs.Colour all(double tint) {
        return Pdfs.spot("All", tint, 1, 1, 1, 1);
    }

    private static Pdfs.Page page() {
        return Pdfs.document().page(400, 400).trimBox(50, 50, 350, 350)
                .bleedBox(BLEED_LOW, BLEED_LOW, BLEED_HIGH, BLEED_HIGH);
    }

    /** The eight crop marks of the four trim corners as one path, 10 pt long, ending {@code gap} pt from the trim. */
    private static String cropMarks(double gap) {
        double near = 50 - gap;
        double far = near - 10;
        double nearHigh = 350 + gap;
        double farHigh = nearHigh + 10;
        return String.format(java.util.Locale.ROOT,
                "%1$.3f 50 m %2$.3f 50 l 50 %1$.3f m 50 %2$.3f l "
                        + "%3$.3f 50 m %4$.3f 50 l 350 %1$.3f m 350 %2$.3f l "
                        + "%1$.3f 350 m %2$.3f 350 l 50 %3$.3f m 50 %4$.3f l "
                        + "%3$.3f 350 m %4$.3f 350 l 350 %3$.3f m 350 %4$.3f l S",
                far, near, farHigh, nearHigh);
    }

    private static List<Finding> run(Pdfs.Page p) {
        return PdfFacts.run(new RegistrationColorCheck(), p);
    }

    @Test
    void cropMarksDrawnAsOnePathOutsideTheBleedAreNotUse() {
        List<Finding> all = PdfFacts.runWithNotes(new RegistrationColorCheck(),
                page().stroke(all(1)).lineWidth(0.25).raw(cropMarks(9)), Map.of());
        assertThat(all).singleElement().satisfies(note -> {
            assertThat(note.severity().wire()).isEqualTo("info");
            assertThat(note.details()).containsEntry("skipped_outside_printed_surface", 1)
                    .containsEntry("skipped_total", 1);
            assertThat(note.message()).isEqualTo("Page 1: 1 object that SPOT_REGISTRATION_ALL would judge was "
                    + "skipped (1 wholly outside the printed surface (BleedBox, GWG D0003); GWG I00006)");
        });
    }

    @Test
    void cropMarksDrawnOneByOneOutsideTheBleedAreNotUse() {
        Pdfs.Page p = page().stroke(all(1)).lineWidth(0.25);
        p.line(30, 50, 40, 50).line(50, 30, 50, 40).line(360, 350, 370, 350).line(350, 360, 350, 370);
        assertThat(run(p)).isEmpty();
    }

    @ParameterizedTest(name = "marks ending {0} pt from the trim: {1} reported")
    @CsvSource({
            // the BleedBox edge lies 8.504 pt from the trim; a segment is given half the line width (0.125 pt) of
            // room in every direction, so a mark ending 8.629 pt from the trim touches the edge from outside
            "9, 0",
            "8.629, 0",
            "8.6, 8",
            "2, 8"})
    void onlyMarksReachingIntoTheBleedAreReported(double gap, int marksInside) {
        List<Finding> f = run(page().stroke(all(1)).lineWidth(0.25).raw(cropMarks(gap)));
        if (marksInside == 0) {
            assertThat(f).isEmpty();
            return;
        }
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.message()).isEqualTo("Registration colour \"All\" is used");
            assertThat(x.pageNum()).isEqualTo(1);
            assertThat(x.details()).containsEntry("element", "stroke").containsEntry("color", "Separation All 1");
        });
    }

    @Test
    void theFindingPointsAtTheSegmentsOnThePrintedSurfaceNotTheWholePath() {
        // one mark reaches into the bleed at the bottom left, the seven others stay in the slug
        String marks = "20 50 m 45 50 l 50 10 m 50 20 l 360 50 m 370 50 l 350 10 m 350 20 l "
                + "10 350 m 20 350 l 50 380 m 50 390 l 380 350 m 390 350 l 350 380 m 350 390 l S";
        Finding f = run(page().stroke(all(1)).lineWidth(0.5).raw(marks)).getFirst();
        assertThat(f.bbox().get(0)).isCloseTo(19.75, within(0.001));
        assertThat(f.bbox().get(1)).isCloseTo(49.75, within(0.001));
        assertThat(f.bbox().get(2)).isCloseTo(45.25, within(0.001));
        assertThat(f.bbox().get(3)).isCloseTo(50.25, within(0.001));
    }

    @Test
    void withoutABleedBoxTheCropBoxIsThePrintedSurface() {
        Pdfs.Page p = Pdfs.document().page(400, 400).trimBox(50, 50, 350, 350).stroke(all(1)).lineWidth(0.25)
                .raw(cropMarks(9));
        assertThat(run(p)).hasSize(1);
    }

    @ParameterizedTest(name = "stroke in All at tint {0}: {1} reported")
    @CsvSource({"0, 0", "0.01, 1", "1, 1"})
    void registrationAtTintZeroPutsNoInkDown(double tint, int reported) {
        assertThat(run(page().stroke(all(tint)).lineWidth(0.5).line(100, 200, 300, 200))).hasSize(reported);
    }

    @Test
    void allInsideADeviceNAtTintZeroIsNoUseEither() {
        Pdfs.Colour dn = Pdfs.deviceN(List.of("All", "PANTONE 185 C"), new double[] {0, 1},
                new double[][] {{1, 1, 1, 1}, {0, 1, 0.8, 0}});
        assertThat(run(page().fill(dn).rect(100, 100, 50, 50))).isEmpty();
        Pdfs.Colour inked = Pdfs.deviceN(List.of("All", "PANTONE 185 C"), new double[] {0.2, 1},
                new double[][] {{1, 1, 1, 1}, {0, 1, 0.8, 0}});
        assertThat(run(page().fill(inked).rect(100, 100, 50, 50))).singleElement()
                .satisfies(x -> assertThat(x.bbox()).containsExactly(100.0, 100.0, 150.0, 150.0));
    }

    @Test
    void registrationInsideThePageIsStillReportedWhereItIs() {
        assertThat(run(page().fill(all(1)).rect(100, 100, 50, 50))).singleElement().satisfies(x -> {
            assertThat(x.bbox()).containsExactly(100.0, 100.0, 150.0, 150.0);
            assertThat(x.details()).containsEntry("element", "fill");
            assertThat(x.objectType()).isEqualTo("path");
        });
    }
}
