package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TileRendererTests {

    private static final int WHITE = 0xFFFFFF;
    private static final int RED = 0xFF0000;
    private static final int BLACK = 0x000000;

    @TempDir
    Path dir;

    private TileRenderer open(Path pdf) throws UnreadablePdfException {
        return TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults());
    }

    private static BufferedImage decode(byte[] png) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    @Test
    void rendersTheWholePageAsPng() throws Exception {
        Path pdf = Pdfs.document().page(200, 100).fill(Pdfs.rgb(1, 0, 0)).rect(0, 0, 100, 100).done()
                .write(dir.resolve("red.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            Tile tile = tiles.render(1, 72, LayerToggles.NONE, null);

            assertThat(tile.width()).isEqualTo(200);
            assertThat(tile.height()).isEqualTo(100);
            assertThat(tile.area().sameAs(new Box(0, 0, 200, 100), 1e-9)).isTrue();
            BufferedImage png = decode(tile.png());
            assertThat(png.getWidth()).isEqualTo(200);
            assertThat(png.getRGB(50, 50) & 0xFFFFFF).isEqualTo(RED);
            assertThat(png.getRGB(150, 50) & 0xFFFFFF).isEqualTo(WHITE);
        }
    }

    @Test
    void showsTheCropBoxTurnedByRotate() throws Exception {
        // CropBox 200 x 150 points; /Rotate 90 turns it clockwise, so its lower-left corner is drawn top-left
        Path pdf = Pdfs.document().page(300, 200).cropBox(100, 50, 300, 200).rotate(90)
                .fill(Pdfs.gray(0)).rect(100, 50, 50, 50).done().write(dir.resolve("rot.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            BufferedImage img = tiles.renderImage(1, 72, LayerToggles.NONE, null);

            assertThat(img.getWidth()).isEqualTo(150);
            assertThat(img.getHeight()).isEqualTo(200);
            assertThat(img.getRGB(10, 10) & 0xFFFFFF).isEqualTo(BLACK);
            assertThat(img.getRGB(45, 45) & 0xFFFFFF).isEqualTo(BLACK);
            assertThat(img.getRGB(60, 10) & 0xFFFFFF).isEqualTo(WHITE);
            assertThat(img.getRGB(10, 60) & 0xFFFFFF).isEqualTo(WHITE);
            assertThat(img.getRGB(100, 150) & 0xFFFFFF).isEqualTo(WHITE);
            assertThat(tiles.grid(1, 72).pixelAt(110, 60)).containsExactly(10, 10);
        }
    }

    @Test
    void regionIsTheSamePixelsAsTheWholePage() throws Exception {
        Path pdf = Pdfs.document().page(200, 100).fill(Pdfs.rgb(0.2, 0.4, 0.9)).rect(10.3, 7.7, 120.2, 60.1)
                .fill(Pdfs.gray(0)).text(20, 40, 14, "Region").done().write(dir.resolve("region.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            BufferedImage whole = tiles.renderImage(1, 144, LayerToggles.NONE, null);
            Tile tile = tiles.render(1, 144, LayerToggles.NONE, new Box(50, 20, 80, 60));
            BufferedImage part = decode(tile.png());

            // 30 x 40 points at 2 pixels a point; the region's top (y = 60) is 40 points below the page's top
            assertThat(tile.pixels()).isEqualTo(new PixelRect(100, 80, 60, 80));
            assertThat(part.getWidth()).isEqualTo(60);
            assertThat(part.getHeight()).isEqualTo(80);
            for (int y = 0; y < 80; y++) {
                for (int x = 0; x < 60; x++) {
                    assertThat(part.getRGB(x, y)).as("pixel %d,%d", x, y).isEqualTo(whole.getRGB(100 + x, 80 + y));
                }
            }
        }
    }

    /**
     * A transparency group under a soft mask covering a 1000-point page: PDFBox sizes the group's offscreen image by
     * the PDF clipping path, so a region tile clips the page to its region and allocates for the region only.
     */
    @Test
    void aRegionTileDrawsPageWideGroupsOnlyWithinTheRegion() throws Exception {
        Path pdf = Pdfs.document().page(1000, 1000).softMask(1000, 1000)
                .transparencyGroup(1000, 1000, "DeviceRGB", true, false, g -> g.fill(Pdfs.rgb(0.1, 0.5, 0.9))
                        .rect(0, 0, 1000, 1000).fill(Pdfs.gray(0)).rect(480.5, 480.5, 39, 39))
                .done().write(dir.resolve("group.pdf"));
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        try (TileRenderer tiles = open(pdf)) {
            tiles.renderImage(1, 150, LayerToggles.NONE, new Box(450, 450, 550, 550));
            long a0 = threads.getCurrentThreadAllocatedBytes();
            BufferedImage whole = tiles.renderImage(1, 150, LayerToggles.NONE, null);
            long wholeBytes = threads.getCurrentThreadAllocatedBytes() - a0;
            long a1 = threads.getCurrentThreadAllocatedBytes();
            Tile tile = tiles.render(1, 150, LayerToggles.NONE, new Box(450, 450, 550, 550));
            long regionBytes = threads.getCurrentThreadAllocatedBytes() - a1;
            BufferedImage part = decode(tile.png());

            // the whole page is 2083 x 2083 pixels: its group and mask images are 17 MB each
            assertThat(wholeBytes).isGreaterThan(30L << 20);
            assertThat(regionBytes).isLessThan(4L << 20);
            PixelRect at = tile.pixels();
            assertThat(part.getWidth()).isEqualTo(at.width());
            for (int y = 0; y < at.height(); y++) {
                for (int x = 0; x < at.width(); x++) {
                    assertThat(part.getRGB(x, y)).as("pixel %d,%d", x, y)
                            .isEqualTo(whole.getRGB(at.x() + x, at.y() + y));
                }
            }
            // the black square in the group's middle shows through the half-grey mask, the blue around it too
            int centre = part.getRGB(at.width() / 2, at.height() / 2) & 0xFFFFFF;
            int edge = part.getRGB(2, 2) & 0xFFFFFF;
            assertThat(centre).isNotEqualTo(edge);
            assertThat(edge).isNotEqualTo(WHITE);
        }
    }

    @Test
    void regionOffThePageIsRefusedWithTheReason() throws Exception {
        Path pdf = Pdfs.document().page(200, 100).done().write(dir.resolve("blank.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            assertThatThrownBy(() -> tiles.render(1, 72, LayerToggles.NONE, new Box(300, 300, 400, 400)))
                    .isInstanceOf(InvalidViewRequestException.class)
                    .hasMessageContaining("does not overlap page 1")
                    .extracting(e -> ((InvalidViewRequestException) e).parameter()).isEqualTo("region");
            assertThatThrownBy(() -> tiles.render(2, 72, LayerToggles.NONE, null))
                    .isInstanceOf(InvalidViewRequestException.class)
                    .hasMessage("Page 2 does not exist; the document has 1 page.");
        }
    }

    @Test
    void layerToggledOffDisappearsAndOneToggledOnAppears() throws Exception {
        Path pdf = Pdfs.document().layer("Dielines", true).layer("Notes", false)
                .page(100, 100)
                .layer("Dielines", c -> c.fill(Pdfs.gray(0)).rect(0, 0, 50, 100))
                .layer("Notes", c -> c.fill(Pdfs.rgb(1, 0, 0)).rect(50, 0, 50, 100))
                .done().write(dir.resolve("layers.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            assertThat(tiles.layers()).containsExactly(new Layer("Dielines", 0, true), new Layer("Notes", 1, false));

            BufferedImage byDefault = tiles.renderImage(1, 72, LayerToggles.NONE, null);
            assertThat(byDefault.getRGB(25, 50) & 0xFFFFFF).isEqualTo(BLACK);
            assertThat(byDefault.getRGB(75, 50) & 0xFFFFFF).isEqualTo(WHITE);

            BufferedImage toggled = tiles.renderImage(1, 72, LayerToggles.of(Set.of(1), Set.of(0)), null);
            assertThat(toggled.getRGB(25, 50) & 0xFFFFFF).isEqualTo(WHITE);
            assertThat(toggled.getRGB(75, 50) & 0xFFFFFF).isEqualTo(RED);

            // the toggles hold for one render only
            BufferedImage again = tiles.renderImage(1, 72, LayerToggles.NONE, null);
            assertThat(again.getRGB(25, 50) & 0xFFFFFF).isEqualTo(BLACK);
        }
    }

    @Test
    void togglesOverrideAUsagePrintState() throws Exception {
        Pdfs.Doc doc = Pdfs.document().layerPrintState("Proof", true, false);
        Path pdf = doc.page(100, 100).layer("Proof", c -> c.fill(Pdfs.gray(0)).rect(0, 0, 100, 100)).done()
                .write(dir.resolve("usage.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            assertThat(tiles.renderImage(1, 36, LayerToggles.NONE, null).getRGB(25, 25) & 0xFFFFFF)
                    .isEqualTo(BLACK);
            assertThat(tiles.renderImage(1, 36, LayerToggles.of(null, Set.of(0)), null).getRGB(25, 25) & 0xFFFFFF)
                    .isEqualTo(WHITE);
        }
    }

    @Test
    void invalidTogglesAreRefusedBeforeRendering() throws Exception {
        Path pdf = Pdfs.document().layer("A", true).page(100, 100).done().write(dir.resolve("one-layer.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            assertThatThrownBy(() -> tiles.render(1, 72, LayerToggles.of(Set.of(3), null), null))
                    .isInstanceOf(InvalidViewRequestException.class)
                    .hasMessage("Layer index 3 in ocg_on is out of range: the PDF has 1 layer (index 0).");
        }
    }

    @Test
    void pageAboveThePixelBudgetNamesTheLargestDpiThatFits() throws Exception {
        // A0: 2384 x 3370 points; at 600 dpi that is 558 megapixels
        Path pdf = Pdfs.document().page(2384, 3370).done().write(dir.resolve("a0.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            PixelBudget budget = tiles.budget();
            assertThat(budget.fits(tiles.page(1), 600, null)).isFalse();
            assertThat(budget.largestDpi(tiles.page(1), null)).isEqualTo(196);
            assertThat(budget.fits(tiles.page(1), 196, null)).isTrue();
            assertThat(budget.fits(tiles.page(1), 197, null)).isFalse();
            assertThat(budget.fits(tiles.page(1), 600, new Box(0, 0, 500, 500))).isTrue();

            assertThatThrownBy(() -> tiles.render(1, 600, LayerToggles.NONE, null))
                    .isInstanceOfSatisfying(PixelBudgetExceededException.class, e -> {
                        assertThat(e.largestDpi()).isEqualTo(196);
                        assertThat(e.pixels()).isEqualTo(19867L * 28083L);
                        assertThat(e.getMessage()).isEqualTo("Page 1 at 600 dpi needs 557.9 megapixels, more than"
                                + " the limit of 60.0 megapixels; the largest resolution that fits is 196 dpi, or"
                                + " ask for a region of the page.");
                    });
            Box region = new Box(72, 100, 144, 136);
            Tile zoomed = tiles.render(1, 600, LayerToggles.NONE, region);
            assertThat(zoomed.width()).isEqualTo(600);
            // the page is 28083.33 pixels tall, so the region's edges fall inside pixels and it widens to 301 rows
            assertThat(zoomed.height()).isEqualTo(301);
            assertThat(zoomed.area().contains(region)).isTrue();
        }
    }

    @Test
    void sampleReadsOnePixel() throws Exception {
        Path pdf = Pdfs.document().page(100, 100).fill(Pdfs.rgb(0, 0.5, 1)).rect(20, 20, 30, 30).done()
                .write(dir.resolve("pick.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            assertThat(tiles.rgbAt(1, 150, 35, 35)).isEqualTo(0x0080FF);
            assertThat(tiles.rgbAt(1, 150, 80, 80)).isEqualTo(WHITE);
            assertThatThrownBy(() -> tiles.rgbAt(1, 150, 120, 35)).isInstanceOf(InvalidViewRequestException.class)
                    .hasMessageContaining("is not on page 1");
        }
    }

    @Test
    void unreadableFilesAreRefusedWithAReason() throws Exception {
        Path notPdf = Files.writeString(dir.resolve("x.pdf"), "hello");
        assertThatThrownBy(() -> open(notPdf)).isInstanceOf(UnreadablePdfException.class)
                .hasMessageContaining("not a PDF");
    }

    @Test
    void damagedContentIsSkippedAndTheRestOfThePageDrawn() throws Exception {
        // an image that claims 60000 x 60000 samples with a few bytes of data, and operators with missing operands
        Pdfs.Doc doc = Pdfs.document();
        Pdfs.Page page = doc.page(100, 100);
        var image = new COSStream();
        try (var out = image.createOutputStream()) {
            out.write(new byte[] {1, 2, 3});
        }
        image.setItem(COSName.TYPE, COSName.XOBJECT);
        image.setItem(COSName.SUBTYPE, COSName.IMAGE);
        image.setInt(COSName.WIDTH, 60000);
        image.setInt(COSName.HEIGHT, 60000);
        image.setInt(COSName.BITS_PER_COMPONENT, 8);
        image.setItem(COSName.COLORSPACE, COSName.DEVICERGB);
        COSName name = page.resource(COSName.XOBJECT, image, "Im");
        page.raw("q 100 0 0 100 0 0 cm /" + name.getName() + " Do Q re f 1 0 0 rg 10 10 20 20 re f");
        Path pdf = page.done().write(dir.resolve("hostile.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            BufferedImage img = tiles.renderImage(1, 72, LayerToggles.NONE, null);
            assertThat(img.getRGB(20, 80) & 0xFFFFFF).isEqualTo(RED);
        }
    }

    @Test
    void contentTheRendererCannotDrawIsAReadableError() throws Exception {
        // an Indexed colour space with a negative highest index, and an ICCBased one without a profile stream
        Pdfs.Doc doc = Pdfs.document();
        Pdfs.Page bad = doc.page(100, 100);
        var indexed = new COSArray();
        indexed.add(COSName.INDEXED);
        indexed.add(COSName.DEVICERGB);
        indexed.add(org.apache.pdfbox.cos.COSInteger.get(-5));
        indexed.add(new org.apache.pdfbox.cos.COSString("ab"));
        bad.raw("/" + bad.resource(COSName.COLORSPACE, indexed, "CS").getName() + " cs 1 scn 0 0 10 10 re f");
        Pdfs.Page alsoBad = doc.page(100, 100);
        var icc = new COSArray();
        icc.add(COSName.ICCBASED);
        icc.add(org.apache.pdfbox.cos.COSInteger.ONE);
        alsoBad.raw("/" + alsoBad.resource(COSName.COLORSPACE, icc, "CS").getName() + " cs 1 scn 0 0 10 10 re f");
        Path pdf = alsoBad.done().page(100, 100).fill(Pdfs.gray(0)).rect(0, 0, 100, 100).done()
                .write(dir.resolve("bad-colour.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            assertThatThrownBy(() -> tiles.renderImage(1, 72, LayerToggles.NONE, null))
                    .isInstanceOfSatisfying(PageRenderException.class, e -> {
                        assertThat(e.pageNum()).isEqualTo(1);
                        assertThat(e.getMessage()).isEqualTo("Page 1 could not be rendered: malformed content"
                                + " (NegativeArraySizeException: -4)");
                    });
            assertThatThrownBy(() -> tiles.render(2, 72, LayerToggles.NONE, null))
                    .isInstanceOf(PageRenderException.class)
                    .hasMessage("Page 2 could not be rendered: ICCBased colorspace array must have a stream as"
                            + " second element");
            // the document stays usable
            assertThat(tiles.renderImage(3, 36, LayerToggles.NONE, new Box(50, 50, 51, 51)).getRGB(0, 0) & 0xFFFFFF)
                    .isEqualTo(BLACK);
        }
    }

    @Test
    void layerListReadsBaseStateAndOnOffArrays() throws Exception {
        Pdfs.Doc doc = Pdfs.document().layer("A", true).layer("B", false).layer("C", true);
        COSDictionary d = doc.catalog().getCOSDictionary(COSName.OCPROPERTIES).getCOSDictionary(COSName.D);
        d.setItem(COSName.BASE_STATE, COSName.OFF);
        COSArray on = (COSArray) d.getDictionaryObject(COSName.ON);
        on.remove(doc.layerGroup("C"));
        Path pdf = doc.page(100, 100).done().write(dir.resolve("base-off.pdf"));
        try (TileRenderer tiles = open(pdf)) {
            assertThat(tiles.layers()).containsExactly(new Layer("A", 0, true), new Layer("B", 1, false),
                    new Layer("C", 2, false));
        }
    }
}
