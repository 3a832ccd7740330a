package dev.preflight.engine.checks.image;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A bitmap split by a printer driver into 1-pixel-high runs is judged as the picture it is: touching slices of the
 * same resolution are merged before the small-image exemption (min_pixels) applies, and reported once.
 */
class SlicedImageTests {

    @TempDir
    Path tmp;

    /** {@code count} runs of {@code pxW} x {@code pxH} pixels, each placed 200 x {@code runPt} pt, {@code gapPt} apart. */
    private static Consumer<Pdfs.Page> runs(int count, int pxW, int pxH, double runPt, double gapPt) {
        return p -> {
            for (int i = 0; i < count; i++) {
                p.image(Pdfs.image(pxW, pxH).cmyk().seed(i), 50, 50 + i * (runPt + gapPt), 200, runPt);
            }
        };
    }

    private List<Finding> resolution(Consumer<Pdfs.Page> content) throws Exception {
        var d = Pdfs.document();
        content.accept(d.page(400, 600));
        Path f = d.write(tmp.resolve("slices-" + System.nanoTime() + ".pdf"));
        Profile profile = new Profile("one-check", "IMG_RES_LOW", null, null, false,
                List.of(new ProfileCheck("IMG_RES_LOW", null, Map.of(), null)));
        return new Engine(EngineSettings.defaults()).analyze(f, new AnalysisRequest(profile, false)).findings()
                .stream().filter(x -> x.inspectionId().equals("IMG_RES_LOW")).toList();
    }

    @Test
    void lowResolutionLogoSlicedIntoRunsIsReportedOnce() throws Exception {
        // 100 runs of 200 x 1 px, each 200 x 1 pt: a 200 x 100 px picture at 72 ppi
        assertThat(resolution(runs(100, 200, 1, 1, 0))).singleElement().satisfies(f -> {
            assertThat(f.severity().wire()).isEqualTo("error");
            assertThat(f.details()).containsEntry("slice_count", 100);
            assertThat(((Number) f.details().get("effective_ppi")).doubleValue()).isCloseTo(72, within(0.5));
            assertThat(f.bbox().get(1)).isCloseTo(50, within(0.01));
            assertThat(f.bbox().get(3)).isCloseTo(150, within(0.01));
            assertThat(f.message()).contains("100 slices");
        });
    }

    @Test
    void highResolutionSlicesPass() throws Exception {
        // 100 runs of 700 x 4 px in 200 x 1 pt: 252 x 288 ppi
        assertThat(resolution(runs(100, 700, 4, 1, 0))).isEmpty();
    }

    @Test
    void slicesThatDoNotTouchStayExempt() throws Exception {
        assertThat(resolution(runs(20, 200, 1, 1, 5))).isEmpty();
    }

    @Test
    void aMergedPictureThatIsItselfTinyStaysExempt() throws Exception {
        // 10 touching runs: 200 x 10 px, still under min_pixels (16) in height
        assertThat(resolution(runs(10, 200, 1, 1, 0))).isEmpty();
    }

    @Test
    void aSingleLargeImageIsJudgedAsBefore() throws Exception {
        assertThat(resolution(p -> p.image(Pdfs.image(200, 100).cmyk(), 50, 50, 200, 100))).singleElement()
                .satisfies(f -> assertThat(f.details()).doesNotContainKey("slice_count"));
    }
}
