package dev.preflight.engine.checks.image;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.ContentFacts;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Slices of one picture on hand-built facts: which placements count as touching (a gap of one image pixel), which
 * share a resolution, and when the merged picture is itself too small to judge. At 144 ppi one pixel is 0.5 pt.
 */
class SliceMergingTests {

    /** A slice of image "5 0 R" (200 x 1 px, so small for min_pixels 1 and more) placed at the given box. */
    private static ContentFacts.El slice(double x0, double y0, double x1, double y1, double ppiX, double ppiY) {
        return image("5 0 R", 144).ppi(ppiX, ppiY).at(x0, y0, x1, y1);
    }

    private static ContentFacts.El slice(double x0, double y0, double x1, double y1) {
        return slice(x0, y0, x1, y1, 144, 144);
    }

    private static DocumentFacts facts(ContentFacts.El... slices) {
        return doc().page(slices).images(img("5 0 R").size(200, 1)).build();
    }

    private static List<Finding> judge(DocumentFacts facts, int minPixels) {
        return run(new ImageResolutionLowCheck(), facts, params("min_pixels", minPixels));
    }

    @Test
    void twoTouchingSlicesAreOnePictureReportedOnce() {
        Finding f = judge(facts(slice(100, 100, 300, 110), slice(100, 110, 300, 120)), 1).getFirst();
        assertThat(f.details()).containsEntry("slice_count", 2).containsEntry("merged_width_pt", 200.0)
                .containsEntry("merged_height_pt", 20.0);
        assertThat(f.bbox()).isEqualTo(List.of(100.0, 100.0, 300.0, 120.0));
        assertThat(f.message()).isEqualTo("Image of 2 slices resolution 144 ppi is not above 149 ppi");
    }

    @Test
    void aGapOfExactlyOnePixelStillTouchesAcrossAndAlong() {
        // side by side, 0.5 pt apart
        assertThat(judge(facts(slice(100, 100, 110, 300), slice(110.5, 100, 120.5, 300)), 1)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("slice_count", 2));
        // stacked, the lower one painted first, then the upper one first
        assertThat(judge(facts(slice(100, 100, 300, 110), slice(100, 110.5, 300, 120.5)), 1)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("slice_count", 2));
        assertThat(judge(facts(slice(100, 110.5, 300, 120.5), slice(100, 100, 300, 110)), 1)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("slice_count", 2));
    }

    @Test
    void aGapOfMoreThanOnePixelSeparates() {
        assertThat(judge(facts(slice(100, 100, 110, 300), slice(110.6, 100, 120.6, 300)), 1)).isEmpty();
        assertThat(judge(facts(slice(100, 100, 300, 110), slice(100, 110.6, 300, 120.6)), 1)).isEmpty();
    }

    @Test
    void slicesAreSweptInTheOrderOfTheirLeftEdgeNotTheirPaintingOrder() {
        // painted: A (0-10), B far right (50-60), C (10-20) touching A; only A and C are one picture
        var facts = facts(slice(0, 100, 10, 300), slice(50, 100, 60, 300), slice(10, 100, 20, 300));
        assertThat(judge(facts, 1)).singleElement().satisfies(f -> {
            assertThat(f.details()).containsEntry("slice_count", 2);
            assertThat(f.bbox()).isEqualTo(List.of(0.0, 100.0, 20.0, 300.0));
        });
    }

    @Test
    void slicesOfDifferentResolutionOnEitherAxisAreNotMerged() {
        assertThat(judge(facts(slice(100, 100, 300, 110, 144, 144), slice(100, 110, 300, 120, 144.6, 144)), 1))
                .isEmpty();
        assertThat(judge(facts(slice(100, 100, 300, 110, 144, 144), slice(100, 110, 300, 120, 144, 144.6)), 1))
                .isEmpty();
    }

    @Test
    void aMergedPictureExactlyMinPixelsHighOrWideIsStillExempt() {
        // 2 slices of 5 pt at 144 ppi: 20 px
        var low = facts(slice(100, 100, 300, 105), slice(100, 105, 300, 110));
        assertThat(judge(low, 20)).isEmpty();
        assertThat(judge(low, 19)).hasSize(1);
        var narrow = facts(slice(100, 100, 105, 300), slice(105, 100, 110, 300));
        assertThat(judge(narrow, 20)).isEmpty();
        assertThat(judge(narrow, 19)).hasSize(1);
    }

    @Test
    void thousandsOfSlicesUpToTheGroupLimitAreStillMerged() {
        var slices = new ArrayList<ContentFacts.El>();
        for (int i = 0; i < 5000; i++) {
            slices.add(slice(100, 100 + i * 0.1, 300, 100.1 + i * 0.1));
        }
        assertThat(judge(facts(slices.toArray(ContentFacts.El[]::new)), 1)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("slice_count", 5000));
        slices.add(slice(100, 600, 300, 600.1));
        assertThat(judge(facts(slices.toArray(ContentFacts.El[]::new)), 1)).as("past the limit: left as they are")
                .isEmpty();
    }

    @Test
    void aPlacementAloneIsAGroupOfOne() {
        var facts = facts(slice(100, 100, 300, 110));
        PageElements.Placed only = new PageElements.Placed(facts.pages().getFirst(),
                facts.pages().getFirst().elements().getFirst());
        assertThat(ImageSlices.merge(List.of(only))).containsExactly(List.of(only));
        assertThat(ImageSlices.box(List.of(only))).isEqualTo(new Box(100, 100, 300, 110));
    }

    @Test
    void aSingleImageSaysNothingAboutSlicesAndAOneBitImageSaysItIsOne() {
        var single = doc().page(image("6 0 R", 100)).images(img("6 0 R")).build();
        Finding f = run(new ImageResolutionLowCheck(), single).getFirst();
        assertThat(f.message()).isEqualTo("Image resolution 100 ppi is not above 149 ppi");
        assertThat(f.details()).doesNotContainKey("slice_count");
        var oneBit = doc().page(image("6 0 R", 100)).images(img("6 0 R").bpc(1)).build();
        assertThat(run(new ImageResolutionLowOneBitCheck(), oneBit)).singleElement()
                .satisfies(x -> assertThat(x.message()).startsWith("1-bit image resolution 100 ppi"));
    }
}
