package dev.preflight.engine.view;

import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PageDiffTests {

    @TempDir
    Path dir;

    private TileRenderer open(Path pdf) throws Exception {
        return TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults());
    }

    @Test
    void identicalJobsScoreOne() throws Exception {
        Path a = Pdfs.document().page(200, 150).fill(Pdfs.cmyk(0.2, 0.9, 0, 0)).rect(20, 20, 60, 40)
                .fill(Pdfs.gray(0)).text(30, 100, 18, "Same").done().write(dir.resolve("a.pdf"));
        Path b = Pdfs.document().page(200, 150).fill(Pdfs.cmyk(0.2, 0.9, 0, 0)).rect(20, 20, 60, 40)
                .fill(Pdfs.gray(0)).text(30, 100, 18, "Same").done().write(dir.resolve("b.pdf"));
        try (TileRenderer ta = open(a); TileRenderer tb = open(b)) {
            PageComparison c = PageDiff.compare(ta, tb, 1, 72);

            assertThat(c.ssim()).isEqualTo(1.0);
            assertThat(c.diffPixelCount()).isZero();
            assertThat(c.totalPixels()).isEqualTo(200L * 150);
            BufferedImage diff = PageDiff.image(ta.renderImage(1, 72, LayerToggles.NONE, null),
                    tb.renderImage(1, 72, LayerToggles.NONE, null));
            assertThat(diff.getRGB(50, 100) >>> 24).as("transparent").isZero();
        }
    }

    @Test
    void aMovedBoxIsGreenWhereItWasAndRedWhereItWent() throws Exception {
        Path a = Pdfs.document().page(200, 100).fill(Pdfs.gray(0)).rect(20, 20, 40, 40).done()
                .write(dir.resolve("before.pdf"));
        Path b = Pdfs.document().page(200, 100).fill(Pdfs.gray(0)).rect(40, 20, 40, 40).done()
                .write(dir.resolve("after.pdf"));
        try (TileRenderer ta = open(a); TileRenderer tb = open(b)) {
            BufferedImage ia = ta.renderImage(1, 72, LayerToggles.NONE, null);
            BufferedImage ib = tb.renderImage(1, 72, LayerToggles.NONE, null);
            PageComparison c = PageDiff.compare(ia, ib);
            BufferedImage diff = ImageIO.read(new ByteArrayInputStream(PageDiff.png(ia, ib)));

            // the box spans rows 40 to 80 (y 20 to 60 from the bottom of a 100-point page)
            assertThat(diff.getRGB(30, 60)).isEqualTo(PageDiff.GREEN);
            assertThat(diff.getRGB(70, 60)).isEqualTo(PageDiff.RED);
            assertThat(diff.getRGB(50, 60) >>> 24).as("ink in both").isZero();
            assertThat(diff.getRGB(150, 60) >>> 24).as("paper in both").isZero();
            assertThat(c.diffPixelCount()).isEqualTo(2 * 20 * 40);
            assertThat(c.ssim()).isLessThan(0.95).isGreaterThan(0.5);
        }
    }

    @Test
    void aChangedColourIsAmber() {
        var a = solid(30, 30, new Color(200, 40, 40));
        var b = solid(30, 30, new Color(200, 40, 120));
        var c = solid(30, 30, new Color(200, 40, 60));

        assertThat(PageDiff.image(a, b).getRGB(15, 15)).isEqualTo(PageDiff.AMBER);
        assertThat(PageDiff.image(a, c).getRGB(15, 15) >>> 24).as("within tolerance").isZero();
        assertThat(PageDiff.compare(a, b).diffPixelCount()).isEqualTo(900);
    }

    @Test
    void pagesOfDifferentSizesAreComparedOnTheLargerCanvas() {
        var small = solid(20, 10, Color.WHITE);
        var large = solid(30, 15, Color.WHITE);
        large.setRGB(25, 12, 0x000000);

        PageComparison c = PageDiff.compare(small, large);

        assertThat(c.width()).isEqualTo(30);
        assertThat(c.height()).isEqualTo(15);
        assertThat(c.totalPixels()).isEqualTo(450);
        assertThat(c.diffPixelCount()).isEqualTo(1);
        assertThat(PageDiff.image(small, large).getRGB(25, 12)).isEqualTo(PageDiff.RED);
        assertThat(PageDiff.image(large, small).getRGB(25, 12)).isEqualTo(PageDiff.GREEN);
    }

    @Test
    void ssimFollowsTheReferenceFormula() {
        // a uniform grey against a uniform lighter grey: every window has zero variance, so SSIM is the luminance
        // term alone, (2 m1 m2 + C1) / (m1^2 + m2^2 + C1)
        var a = solid(40, 40, new Color(100, 100, 100));
        var b = solid(40, 40, new Color(150, 150, 150));
        double c1 = Math.pow(0.01 * 255, 2);
        double expected = (2 * 100.0 * 150 + c1) / (100.0 * 100 + 150.0 * 150 + c1);

        assertThat(PageDiff.compare(a, b).ssim()).isCloseTo(expected, within(1e-4));
        assertThat(PageDiff.compare(solid(5, 5, Color.GRAY), solid(5, 5, Color.GRAY)).ssim()).isEqualTo(1.0);
    }

    private static BufferedImage solid(int w, int h, Color c) {
        var img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        var g = img.createGraphics();
        g.setColor(c);
        g.fillRect(0, 0, w, h);
        g.dispose();
        return img;
    }
}
