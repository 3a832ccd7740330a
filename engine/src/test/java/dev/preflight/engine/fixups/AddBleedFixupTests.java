package dev.preflight.engine.fixups;

import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.fixups.FixupChecks.ids;
import static dev.preflight.engine.fixups.FixupChecks.noNewErrors;
import static dev.preflight.engine.fixups.FixupChecks.render;
import static org.assertj.core.api.Assertions.assertThat;

class AddBleedFixupTests {

    /** 9 pt, a whole number of pixels at 72 dpi, so that pixel rows line up before and after. */
    private static final double BLEED_MM = 9 * 25.4 / 72;
    private final Fixups fixups = new Fixups(FixupSettings.defaults());

    @TempDir
    Path dir;

    private Path edgeToEdge() {
        return Pdfs.document().page(300, 400)
                .fill(Pdfs.rgb(0, 0.6, 1)).rect(0, 0, 150, 400)
                .fill(Pdfs.rgb(1, 0, 0.5)).rect(150, 0, 150, 400)
                .fill(Pdfs.rgb(0, 0, 0)).rect(0, 380, 300, 4)
                .fill(Pdfs.rgb(1, 1, 0)).rect(0, 0, 6, 100).rect(290, 300, 10, 3)
                .done().write(dir.resolve("in.pdf"));
    }

    @Test
    void mirrorsTheTrimEdgeIntoTheNewBleedAndLeavesTheTrimmedPageAsItWas() throws Exception {
        Path in = edgeToEdge();
        assertThat(ids(in, "service-default")).contains("PAGE_BLEED_INSUFFICIENT");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("ADD_BLEED", Map.of("bleed_mm",
                BLEED_MM)))).applied().get(0);
        assertThat(a.pages()).containsExactly(1);
        assertThat(ids(out, "service-default")).doesNotContain("PAGE_BLEED_INSUFFICIENT", "PAGE_BLEEDBOX_MISSING",
                "PAGE_TRIMBOX_MISSING");
        noNewErrors(in, out, "service-default");
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            PDPage page = doc.getPage(0);
            assertBox(page.getMediaBox(), -9, -9, 309, 409);
            assertBox(page.getBleedBox(), -9, -9, 309, 409);
            assertBox(page.getTrimBox(), 0, 0, 300, 400);
        }
        BufferedImage before = render(in, 0, 72);
        BufferedImage after = render(out, 0, 72);
        assertThat(after.getWidth()).isEqualTo(318);
        assertThat(after.getHeight()).isEqualTo(418);
        // inside the trim: every pixel as it was
        for (int y = 0; y < 400; y++) {
            for (int x = 0; x < 300; x++) {
                assertThat(after.getRGB(x + 9, y + 9)).as("trim pixel %d,%d", x, y).isEqualTo(before.getRGB(x, y));
            }
        }
        // the bleed: the trim's edge mirrored, corners included (image rows run top-down)
        for (int y = -9; y < 409; y++) {
            for (int x = -9; x < 309; x++) {
                if (x >= 0 && x < 300 && y >= 0 && y < 400) {
                    continue;
                }
                int sx = x < 0 ? -1 - x : x >= 300 ? 599 - x : x;
                int sy = y < 0 ? -1 - y : y >= 400 ? 799 - y : y;
                assertThat(after.getRGB(x + 9, y + 9)).as("bleed pixel %d,%d", x, y)
                        .isEqualTo(before.getRGB(sx, sy));
            }
        }
    }

    @Test
    void stretchCarriesTheOuterEdgeAcrossTheBleed() throws Exception {
        Path in = edgeToEdge();
        Path out = dir.resolve("out.pdf");
        fixups.apply(in, out, List.of(new FixupRequest("ADD_BLEED", Map.of("bleed_mm", BLEED_MM, "mode",
                "stretch"))));
        BufferedImage before = render(in, 0, 72);
        BufferedImage after = render(out, 0, 72);
        // left bleed beside the yellow bar at the bottom left (x 0..6 is yellow): stretched, still yellow; a
        // mirror would show the same, so look at the right edge's thin yellow bar (y 300..303 from the bottom)
        // which a stretch widens across the bleed, unchanged in height
        int row = 400 - 302;
        assertThat(after.getRGB(309 + 4, row + 9)).isEqualTo(before.getRGB(299, row));
        assertThat(after.getRGB(0, 200)).isEqualTo(before.getRGB(0, 200 - 9));
        assertThat(ids(out, "service-default")).doesNotContain("PAGE_BLEED_INSUFFICIENT");
    }

    @Test
    void aPageWithEnoughBleedIsLeftAlone() throws Exception {
        Path in = Pdfs.document().page(320, 420).trimBox(10, 10, 310, 410).bleedBox(0, 0, 320, 420)
                .rect(0, 0, 320, 420).done().write(dir.resolve("in.pdf"));
        AppliedFixup a = fixups.apply(in, dir.resolve("out.pdf"), List.of(new FixupRequest("ADD_BLEED",
                Map.of()))).applied().get(0);
        assertThat(a.pages()).isEmpty();
        assertThat(a.objectsChanged()).isZero();
    }

    private static void assertBox(PDRectangle r, float x0, float y0, float x1, float y1) {
        assertThat(r.getLowerLeftX()).isEqualTo(x0);
        assertThat(r.getLowerLeftY()).isEqualTo(y0);
        assertThat(r.getUpperRightX()).isEqualTo(x1);
        assertThat(r.getUpperRightY()).isEqualTo(y1);
    }
}
