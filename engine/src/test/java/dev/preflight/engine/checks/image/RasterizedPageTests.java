package dev.preflight.engine.checks.image;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.ContentFacts;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.run;
import static org.assertj.core.api.Assertions.assertThat;

/** GWG R0033 on hand-built facts: a page that is one image covering the trim (10, 10, 605, 852), within 1 pt. */
class RasterizedPageTests {

    private static List<Finding> page(ContentFacts.El... elements) {
        return run(new RasterizedPageCheck(), doc().page(elements).images(img("7 0 R").size(826, 1170)).build());
    }

    private static ContentFacts.El raster(double x0, double y0, double x1, double y1) {
        return image("7 0 R", 100).at(x0, y0, x1, y1);
    }

    @Test
    void aLowResolutionImageCoveringTheTrimIsARasterizedPage() {
        Finding f = page(raster(10, 10, 605, 852)).getFirst();
        assertThat(f.message()).isEqualTo("Page is a single raster image of 100 ppi, not above 149 ppi");
        assertThat(f.pageNum()).isEqualTo(1);
        assertThat(f.objectType()).isEqualTo("page");
        assertThat(f.bbox()).isEqualTo(List.of(10.0, 10.0, 605.0, 852.0));
        assertThat(f.details()).containsEntry("effective_ppi", 100.0).containsEntry("width_px", 826)
                .containsEntry("height_px", 1170).containsEntry("required_ppi", 149.0)
                .containsEntry("error_ppi", 149.0).containsEntry("level", "error");
    }

    @Test
    void theImageMayFallShortOfTheTrimByTheToleranceOnEachSide() {
        assertThat(page(raster(11, 10, 605, 852))).as("left").hasSize(1);
        assertThat(page(raster(10, 11, 605, 852))).as("bottom").hasSize(1);
        assertThat(page(raster(10, 10, 604, 852))).as("right").hasSize(1);
        assertThat(page(raster(10, 10, 605, 851))).as("top").hasSize(1);
        assertThat(page(raster(11.5, 10, 605, 852))).as("left, too short").isEmpty();
        assertThat(page(raster(10, 10, 605, 850.5))).as("top, too short").isEmpty();
    }

    @Test
    void anImageMaskCoveringTheTrimCountsToo() {
        assertThat(page(raster(10, 10, 605, 852).mask())).hasSize(1);
    }

    @Test
    void anyOtherVisibleContentInsideTheTrimMakesItNoRasterizedPage() {
        assertThat(page(raster(10, 10, 605, 852), fill().at(100, 100, 200, 200))).isEmpty();
        assertThat(page(raster(10, 10, 605, 852), raster(10, 10, 605, 852))).isEmpty();
        assertThat(page(raster(10, 10, 605, 852), fill().at(0, 0, 5, 5))).as("a mark outside the trim").hasSize(1);
    }

    @Test
    void aRasterOfHighResolutionPasses() {
        var facts = doc().page(image("7 0 R", 450).at(10, 10, 605, 852)).images(img("7 0 R")).build();
        assertThat(run(new RasterizedPageCheck(), facts)).isEmpty();
    }
}
