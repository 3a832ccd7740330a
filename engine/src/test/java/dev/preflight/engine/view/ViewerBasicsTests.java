package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The small pieces: layer-toggle validation, the grid's coordinate conversions, PNG encoding, pixel samples. */
class ViewerBasicsTests {

    @Test
    void togglesOnADocumentWithoutLayersAreRefused() {
        assertThat(LayerToggles.of(Set.of(0), Set.of(1)).problems(0)).containsExactly(
                new LayerToggleProblem("ocg_on", null, "The PDF has no layers, so ocg_on cannot be used."),
                new LayerToggleProblem("ocg_off", null, "The PDF has no layers, so ocg_off cannot be used."));
        assertThat(LayerToggles.NONE.problems(0)).isEmpty();
    }

    @Test
    void togglesOutOfRangeOrInConflictAreNamed() {
        assertThat(LayerToggles.of(Set.of(1, 4), Set.of(-1, 1)).problems(3)).containsExactly(
                new LayerToggleProblem("ocg_on", 4,
                        "Layer index 4 in ocg_on is out of range: the PDF has 3 layers (indices 0 to 2)."),
                new LayerToggleProblem("ocg_off", -1,
                        "Layer index -1 in ocg_off is out of range: the PDF has 3 layers (indices 0 to 2)."),
                new LayerToggleProblem("ocg_off", 1,
                        "Layer 1 is in both ocg_on and ocg_off; a layer can only be forced one way."));
        assertThat(LayerToggles.of(Set.of(0, 2), Set.of(1)).problems(3)).isEmpty();
    }

    @Test
    void togglesDecideALayersState() {
        var toggles = LayerToggles.of(Set.of(1), Set.of(0));
        assertThat(toggles.isOn(new Layer("A", 0, true))).isFalse();
        assertThat(toggles.isOn(new Layer("B", 1, false))).isTrue();
        assertThat(toggles.isOn(new Layer("C", 2, true))).isTrue();
        assertThat(toggles.isOn(new Layer("D", 3, false))).isFalse();
    }

    @Test
    void gridMapsPointsAndPixelsBothWaysForEveryRotation() {
        var crop = new Box(10, 20, 210, 120);
        for (int rotation : new int[] {0, 90, 180, 270}) {
            var page = new PageGeometry(1, new Box(0, 0, 300, 300), crop, null, null, null, rotation, 1);
            RasterGrid grid = RasterGrid.of(page, 144);
            assertThat(grid.pixels()).isEqualTo(400L * 200);
            for (double[] p : new double[][] {{10, 20}, {210, 120}, {55.5, 77.25}}) {
                double[] r = grid.toRaster(p[0], p[1]);
                double[] back = grid.toPdf(r[0], r[1]);
                assertThat(back[0]).isCloseTo(p[0], org.assertj.core.api.Assertions.within(1e-9));
                assertThat(back[1]).isCloseTo(p[1], org.assertj.core.api.Assertions.within(1e-9));
            }
            // the whole crop box covers the whole grid
            assertThat(grid.cover(crop)).isEqualTo(grid.full());
        }
        var turned = RasterGrid.of(new PageGeometry(1, crop, crop, null, null, null, 90, 1), 72);
        // /Rotate 90 turns the page clockwise: the CropBox's lower-left corner is shown top-left
        assertThat(turned.toRaster(10, 20)).containsExactly(0.0, 0.0);
        assertThat(turned.pixelAt(10.5, 20.5)).containsExactly(0, 0);
        assertThat(turned.pixelAt(9, 20.5)).isNull();
        // 50 points at 150 dpi are 104.17 pixels: the grid keeps 104 rows and the top sliver maps to row 0
        var cut = RasterGrid.of(new PageGeometry(1, new Box(0, 0, 350, 50), new Box(0, 0, 350, 50), null, null, null,
                0, 1), 150);
        assertThat(cut.height()).isEqualTo(104);
        assertThat(cut.pixelAt(100.66, 49.96)).containsExactly(209, 0);
        assertThat(cut.pixelAt(100.66, 50.01)).isNull();
        assertThat(cut.pixelAt(350, 0)).containsExactly(728, 103);
    }

    @Test
    void pngRoundTripsEveryKind() throws Exception {
        var rgb = new BufferedImage(3, 2, BufferedImage.TYPE_INT_RGB);
        rgb.setRGB(0, 0, 0x123456);
        rgb.setRGB(2, 1, 0xFEDCBA);
        var argb = new BufferedImage(2, 2, BufferedImage.TYPE_INT_ARGB);
        argb.setRGB(1, 1, 0x80FF0000);
        var grey = new BufferedImage(2, 3, BufferedImage.TYPE_BYTE_GRAY);
        grey.getRaster().setSample(1, 2, 0, 77);

        BufferedImage r = ImageIO.read(new ByteArrayInputStream(Png.encode(rgb)));
        BufferedImage a = ImageIO.read(new ByteArrayInputStream(Png.encode(argb)));
        BufferedImage g = ImageIO.read(new ByteArrayInputStream(Png.encode(grey)));
        BufferedImage plane = ImageIO.read(new ByteArrayInputStream(Png.gray(new byte[] {0, 10, 20, 30, 40, 50}, 3, 2)));

        assertThat(r.getRGB(0, 0) & 0xFFFFFF).isEqualTo(0x123456);
        assertThat(r.getRGB(2, 1) & 0xFFFFFF).isEqualTo(0xFEDCBA);
        assertThat(r.getRGB(1, 0) & 0xFFFFFF).isZero();
        assertThat(a.getRGB(1, 1)).isEqualTo(0x80FF0000);
        assertThat(a.getRGB(0, 0) >>> 24).isZero();
        assertThat(g.getRaster().getSample(1, 2, 0)).isEqualTo(77);
        assertThat(g.getRaster().getNumBands()).isEqualTo(1);
        assertThat(plane.getRaster().getSample(2, 1, 0)).isEqualTo(50);
    }

    @Test
    void aSampleSpellsItsColourAsHex() {
        PixelSample s = PixelSample.of(10, 20, 0x0A80FF, 123.4);
        assertThat(s.rgb()).containsExactly(10, 128, 255);
        assertThat(s.hex()).isEqualTo("#0a80ff");
        assertThat(s.tac()).isEqualTo(123.4);
    }
}
