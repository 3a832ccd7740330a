package dev.preflight.engine.fixups;

import dev.preflight.engine.Profile;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.fixups.FixupChecks.ids;
import static dev.preflight.engine.fixups.FixupChecks.noNewErrors;
import static dev.preflight.engine.fixups.FixupChecks.profileOf;
import static dev.preflight.engine.fixups.FixupChecks.render;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Needs Ghostscript on the PATH. */
class DownsampleImagesFixupTests {

    private final Fixups fixups = new Fixups(FixupSettings.defaults());

    @TempDir
    Path dir;

    @Test
    void anImageAboveTheLimitIsResampledToTheTargetAndOneBelowIsLeftAlone() throws Exception {
        // 1200 px over one inch: 1200 ppi; 400 px over one inch: 400 ppi
        Path in = Pdfs.document().page(300, 200)
                .image(Pdfs.image(1200, 1200).cmyk(), 20, 60, 72, 72)
                .image(Pdfs.image(400, 400).cmyk().seed(7), 150, 60, 72, 72)
                .done().write(dir.resolve("in.pdf"));
        Profile res = profileOf(Map.of("IMG_RES_EXCESSIVE", Map.of("max_ppi", 600.0)));
        assertThat(ids(in, res)).containsExactly("IMG_RES_EXCESSIVE");
        Path out = dir.resolve("out.pdf");
        fixups.apply(in, out, List.of(new FixupRequest("DOWNSAMPLE_IMAGES", Map.of())));
        assertThat(ids(out, res)).isEmpty();
        noNewErrors(in, out, "service-default");
        List<Integer> widths = new ArrayList<>();
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            PDResources r = doc.getPage(0).getResources();
            for (COSName n : r.getXObjectNames()) {
                if (r.getXObject(n) instanceof PDImageXObject img) {
                    widths.add(img.getWidth());
                }
            }
        }
        assertThat(widths).containsExactlyInAnyOrder(300, 400);
        // the resampled image still averages to the same colour on the page
        BufferedImage before = render(in, 0, 72);
        BufferedImage after = render(out, 0, 72);
        assertThat(mean(after, 20, 68, 72, 72)).isCloseTo(mean(before, 20, 68, 72, 72), within(6.0));
        assertThat(mean(after, 150, 68, 72, 72)).isCloseTo(mean(before, 150, 68, 72, 72), within(1.0));
    }

    @Test
    void aTargetAboveTheLimitIsRefused() {
        Path in = Pdfs.document().page(100, 100).rect(0, 0, 5, 5).done().write(dir.resolve("in.pdf"));
        assertThatThrownBy(() -> fixups.apply(in, dir.resolve("o.pdf"), List.of(new FixupRequest(
                "DOWNSAMPLE_IMAGES", Map.of("max_ppi", 300, "target_ppi", 400))))).isInstanceOf(FixupException.class)
                .hasMessageContaining("target_ppi must not be above max_ppi");
    }

    /** Mean of the red, green and blue values over a rectangle of the image (pixels, top-left origin). */
    private static double mean(BufferedImage img, int x, int y, int w, int h) {
        double sum = 0;
        for (int j = y; j < y + h; j++) {
            for (int i = x; i < x + w; i++) {
                int rgb = img.getRGB(i, j);
                sum += ((rgb >> 16) & 0xFF) + ((rgb >> 8) & 0xFF) + (rgb & 0xFF);
            }
        }
        return sum / (3.0 * w * h);
    }
}
