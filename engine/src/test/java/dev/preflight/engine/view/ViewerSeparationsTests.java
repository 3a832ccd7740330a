package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.SeparationRenderer;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Separations as the viewer uses them, rendered by the real Ghostscript. */
@Tag("ghostscript")
class ViewerSeparationsTests {

    @TempDir
    Path dir;

    private SeparationPage separations(Path pdf, int page, int dpi) throws Exception {
        var renderer = new SeparationRenderer(new Ghostscript("gs"), dir.resolve("scratch"), Duration.ofSeconds(60));
        return renderer.render(pdf, page, dpi);
    }

    private TileRenderer tiles(Path pdf) throws Exception {
        return TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults());
    }

    private static BufferedImage decode(byte[] png) throws Exception {
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    @Test
    void solidCyanReadsOneHundredInCyanAndNothingElse() throws Exception {
        Path pdf = Pdfs.document().page(200, 200).fill(Pdfs.cmyk(1, 0, 0, 0)).rect(50, 50, 100, 100).done()
                .write(dir.resolve("cyan.pdf"));
        SeparationPage sep = separations(pdf, 1, 72);

        DensitometerReading r = Densitometer.read(sep, 100, 100, 300);

        assertThat(r.dpi()).isEqualTo(72);
        assertThat(r.channels()).extracting(ChannelReading::name).containsExactly("Cyan", "Magenta", "Yellow", "Black");
        assertThat(r.channels().get(0).percent()).isCloseTo(100, within(1.0));
        assertThat(r.channels().subList(1, 4)).allSatisfy(c -> assertThat(c.percent()).isZero());
        assertThat(r.tac()).isCloseTo(100, within(1.0));
        assertThat(r.limitExceeded()).isFalse();
        assertThat(Densitometer.read(sep, 20, 20, 300).channels().get(0).percent()).isZero();

        BufferedImage cyan = decode(ChannelPlates.png(sep, "Cyan"));
        BufferedImage magenta = decode(ChannelPlates.png(sep, "Magenta"));
        assertThat(cyan.getWidth()).isEqualTo(200);
        assertThat(cyan.getRaster().getSample(100, 100, 0)).as("dark = ink").isZero();
        assertThat(cyan.getRaster().getSample(20, 20, 0)).isEqualTo(255);
        assertThat(magenta.getRaster().getSample(100, 100, 0)).isEqualTo(255);
        assertThatThrownBy(() -> ChannelPlates.png(sep, "cyan"))
                .isInstanceOf(InvalidViewRequestException.class)
                .hasMessage("Page 1 has no separation named 'cyan'; it has Cyan, Magenta, Yellow, Black.");
    }

    @Test
    void richBlackReadsThreeHundredTwentyAndIsRedInTheHeatmapAtThreeHundredOnly() throws Exception {
        // C80 M80 Y80 K80 from x 40 to 100 and y 30 to 60 on a 200 x 100 page
        Path pdf = Pdfs.document().page(200, 100).fill(Pdfs.cmyk(0.8, 0.8, 0.8, 0.8)).rect(40, 30, 60, 30).done()
                .write(dir.resolve("rich.pdf"));
        SeparationPage sep = separations(pdf, 1, 72);

        DensitometerReading at300 = Densitometer.read(sep, 70, 45, 300);
        assertThat(at300.tac()).isCloseTo(320, within(1.0));
        assertThat(at300.channels()).allSatisfy(c -> assertThat(c.percent()).isCloseTo(80, within(0.5)));
        assertThat(at300.limitExceeded()).isTrue();
        assertThat(Densitometer.read(sep, 70, 45, 330).limitExceeded()).isFalse();

        try (TileRenderer tiles = tiles(pdf)) {
            BufferedImage red = TacHeatmap.render(tiles, sep, 300);
            BufferedImage plain = TacHeatmap.render(tiles, sep, 330);
            assertThat(red.getWidth()).isEqualTo(200);
            assertThat(red.getHeight()).isEqualTo(100);
            int inside = red.getRGB(70, 55) & 0xFFFFFF;
            assertThat(inside >> 16).isGreaterThan(150);
            assertThat((inside >> 8) & 0xff).isLessThan(40);
            assertThat(inside & 0xff).isLessThan(40);
            assertThat(red.getRGB(10, 10) & 0xFFFFFF).as("paper stays white").isEqualTo(0xFFFFFF);
            int notMarked = plain.getRGB(70, 55) & 0xFFFFFF;
            assertThat(notMarked >> 16).isEqualTo(notMarked & 0xff).isEqualTo((notMarked >> 8) & 0xff);
            assertThat(decode(TacHeatmap.png(tiles, sep, 300)).getRGB(70, 55) & 0xFFFFFF).isEqualTo(inside);
        }

        TacRuns runs = TacRuns.of(sep, 300, 10);
        assertThat(runs.totalCount()).isEqualTo(1);
        TacRun run = runs.runs().getFirst();
        // top-left origin: the box's top edge (y = 60) is 40 points below the page's top
        assertThat(run.x0()).isEqualTo(40);
        assertThat(run.y0()).isEqualTo(40);
        assertThat(run.x1()).isEqualTo(100);
        assertThat(run.y1()).isEqualTo(70);
        assertThat(run.meanTac()).isCloseTo(320, within(1.0));
        assertThat(run.limit()).isEqualTo(300);
        assertThat(run.exceeds()).isTrue();
        assertThat(run.pixels()).isEqualTo(60 * 30);
        assertThat(TacRuns.of(sep, 330, 10).totalCount()).isZero();
    }

    @Test
    void spotColoursAreChannelsUnderTheirExactNames() throws Exception {
        Path pdf = Pdfs.document()
                .page(100, 100).fill(Pdfs.spot("PANTONE 485 C", 1, 0, 1, 1, 0)).rect(0, 0, 50, 50).done()
                .page(100, 100).fill(Pdfs.spot("Grün Spezial", 0.5, 0.2, 0, 0.9, 0)).rect(50, 50, 50, 50).done()
                .write(dir.resolve("spots.pdf"));
        SeparationPage one = separations(pdf, 1, 36);
        SeparationPage two = separations(pdf, 2, 36);

        assertThat(ChannelInfo.of(one)).contains(new ChannelInfo("PANTONE 485 C", ChannelType.SPOT));
        assertThat(ChannelInfo.of(two)).contains(new ChannelInfo("Grün Spezial", ChannelType.SPOT));
        assertThat(ChannelInfo.union(List.of(ChannelInfo.of(two), ChannelInfo.of(one))))
                .extracting(ChannelInfo::name)
                .containsExactly("Cyan", "Magenta", "Yellow", "Black", "Grün Spezial", "PANTONE 485 C");
        ChannelReading green = Densitometer.read(two, 75, 75, 300).channels().getLast();
        assertThat(green.name()).isEqualTo("Grün Spezial");
        assertThat(green.percent()).isCloseTo(50, within(1.0));
        assertThat(decode(ChannelPlates.png(one, "PANTONE 485 C")).getRaster().getSample(10, 40, 0)).isZero();
    }

    @Test
    void storedSeparationsReadBackWholeAndByPatch() throws Exception {
        Path pdf = Pdfs.document().page(300, 500).cropBox(10, 20, 290, 480).rotate(270)
                .fill(Pdfs.cmyk(0.25, 0.5, 0, 0.1)).rect(30, 40, 100, 300)
                .fill(Pdfs.spot("Varnish", 0.7, 0, 0, 0, 0.2)).rect(150, 100, 100, 100).done()
                .write(dir.resolve("stored.pdf"));
        SeparationPage sep = separations(pdf, 1, 100);
        Path file = dir.resolve("cache/p1-100.sep");

        SeparationFile.write(sep, file);
        SeparationPage back = SeparationFile.read(file);
        SeparationFile opened = SeparationFile.open(file);

        assertThat(back.geometry()).isEqualTo(sep.geometry());
        assertThat(back.width()).isEqualTo(sep.width());
        assertThat(back.channels()).hasSameSizeAs(sep.channels());
        for (int i = 0; i < sep.channels().size(); i++) {
            assertThat(back.channels().get(i).name()).isEqualTo(sep.channels().get(i).name());
            assertThat(back.channels().get(i).type()).isEqualTo(sep.channels().get(i).type());
            assertThat(back.channels().get(i).plane()).isEqualTo(sep.channels().get(i).plane());
        }
        assertThat(opened.channels()).isEqualTo(ChannelInfo.of(sep));
        assertThat(opened.grid().width()).isEqualTo(sep.width());
        for (double[] p : new double[][] {{80, 190}, {200, 150}, {10.5, 20.5}, {289, 479}}) {
            assertThat(Densitometer.read(opened, p[0], p[1], 250)).isEqualTo(Densitometer.read(sep, p[0], p[1], 250));
            assertThat(Densitometer.pixelTac(opened, p[0], p[1])).isEqualTo(Densitometer.pixelTac(sep, p[0], p[1]));
        }
        assertThat(Densitometer.read(opened, 200, 150, 300).channels())
                .extracting(ChannelReading::name).endsWith("Varnish");
        assertThatThrownBy(() -> Densitometer.read(opened, 5, 5, 300))
                .isInstanceOf(InvalidViewRequestException.class).hasMessageContaining("is not on page 1");

        var bytes = new ByteArrayOutputStream();
        SeparationFile.write(sep, bytes);
        byte[] damaged = bytes.toByteArray();
        damaged[damaged.length - 20] ^= 0x55;
        damaged[damaged.length - 40] ^= 0x55;
        assertThatThrownBy(() -> SeparationFile.read(new ByteArrayInputStream(damaged)))
                .isInstanceOf(java.io.IOException.class).hasMessageContaining("separation file is damaged");
        Path truncated = Files.write(dir.resolve("cut.sep"), java.util.Arrays.copyOf(bytes.toByteArray(), 200));
        assertThatThrownBy(() -> SeparationFile.open(truncated)).isInstanceOf(java.io.IOException.class);
    }

    @Test
    void tilesAndSeparationsShareTheirPixelGrid() throws Exception {
        // page sizes whose pixel counts round by up to half a pixel, rotations, a CropBox off the origin; a diamond
        // on each (PDFBox antialiases it, Ghostscript inks every pixel it touches: both centroids are the shape's)
        var doc = Pdfs.document();
        doc.page(100.3, 100.6).raw(diamond(0, 0, 40, 30)).done();
        doc.page(100.6, 99.4).rotate(90).raw(diamond(0, 0, 30, 70)).done();
        doc.page(300, 200).cropBox(10.25, 20.4, 250.6, 180.7).rotate(180).raw(diamond(0, 0, 200, 150)).done();
        doc.page(150.45, 90.55).rotate(270).raw(diamond(0, 0, 40, 20)).done();
        Path pdf = doc.write(dir.resolve("grid.pdf"));
        List<PageGeometry> pages = DocumentGeometry.read(pdf, 64L << 20).pages();
        try (TileRenderer tiles = tiles(pdf)) {
            for (int dpi : new int[] {72, 150}) {
                for (PageGeometry page : pages) {
                    SeparationPage sep = separations(pdf, page.pageNum(), dpi);
                    RasterGrid grid = RasterGrid.of(page, dpi);
                    String what = "page " + page.pageNum() + " at " + dpi + " dpi";
                    assertThat(grid.width()).as(what).isEqualTo(sep.width());
                    assertThat(grid.height()).as(what).isEqualTo(sep.height());
                    BufferedImage tile = tiles.renderImage(page.pageNum(), dpi, LayerToggles.NONE, null);
                    byte[] black = sep.channel("Black").plane();
                    double[] inkCentre = new double[3];
                    double[] tileCentre = new double[3];
                    for (int i = 0; i < black.length; i++) {
                        int x = i % sep.width();
                        int y = i / sep.width();
                        add(inkCentre, x, y, 255 - (black[i] & 0xff));
                        add(tileCentre, x, y, 255 - (tile.getRGB(x, y) & 0xff));
                    }
                    assertThat(inkCentre[2]).as(what).isPositive();
                    // rasterisation differences stay within 0.2 pixel; anchoring the page at the top instead of the
                    // bottom moves page 1 by 0.4 and page 4 by 0.45 pixel at 72 dpi
                    assertThat(tileCentre[0] / tileCentre[2]).as(what).isCloseTo(inkCentre[0] / inkCentre[2],
                            within(0.25));
                    assertThat(tileCentre[1] / tileCentre[2]).as(what).isCloseTo(inkCentre[1] / inkCentre[2],
                            within(0.25));
                }
            }
        }
    }

    /** A black diamond {@code w} wide and {@code h} high, its bounding box 7.3 and 5.1 points off (x, y). */
    private static String diamond(double x, double y, double w, double h) {
        double cx = x + w / 2 + 7.3;
        double cy = y + h / 2 + 5.1;
        return "0 0 0 1 k " + (cx - w / 2) + " " + cy + " m " + cx + " " + (cy - h / 2) + " l " + (cx + w / 2) + " "
                + cy + " l " + cx + " " + (cy + h / 2) + " l h f";
    }

    private static void add(double[] acc, int x, int y, int weight) {
        acc[0] += (x + 0.5) * weight;
        acc[1] += (y + 0.5) * weight;
        acc[2] += weight;
    }
}
