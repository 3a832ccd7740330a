package dev.preflight.engine.view;

import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class StencilCoverageTests {

    @TempDir
    Path dir;

    /** A stencil XObject of the given packed 1-bit rows (bit 0 paints, as /Decode [0 1] says). */
    private static PDImageXObject stencil(Pdfs.Doc doc, int width, int height, byte[] rows, boolean deflate)
            throws java.io.IOException {
        COSStream s = doc.stream(rows, deflate);
        s.setItem(COSName.TYPE, COSName.XOBJECT);
        s.setItem(COSName.SUBTYPE, COSName.IMAGE);
        s.setInt(COSName.WIDTH, width);
        s.setInt(COSName.HEIGHT, height);
        s.setInt(COSName.BITS_PER_COMPONENT, 1);
        s.setBoolean(COSName.IMAGE_MASK, true);
        return new PDImageXObject(new PDStream(s), null);
    }

    @Test
    void eachPixelIsThePaintedShareOfItsBlockEdgeBlocksIncluded() throws Exception {
        // 5 x 3 mask, factor 2: blocks are 2x2, 1x2 at the right edge, 2x1 and 1x1 in the last row
        // rows (bit 0 = paint): 0 0 1 1 0 | 0 1 1 1 1 | 1 1 0 1 0
        byte[] rows = {(byte) 0b0011_0000, (byte) 0b0111_1000, (byte) 0b1101_0000};
        var image = stencil(Pdfs.document(), 5, 3, rows, false);

        var reduced = new StencilCoverage(image, 2);

        assertThat(reduced.getWidth()).isEqualTo(3);
        assertThat(reduced.getHeight()).isEqualTo(2);
        byte[] c = reduced.coverage();
        // block (0,0): pixels 0,0 1,0 0,1 1,1 -> painted: (0,0) (1,0) (0,1) = 3 of 4
        assertThat(c[0] & 0xFF).isEqualTo(Math.round(3 * 255 / 4f));
        // block (1,0): (2,0) (3,0) (2,1) (3,1) all unpainted
        assertThat(c[1] & 0xFF).isZero();
        // block (2,0): column 4 only, rows 0 and 1: (4,0) painted, (4,1) not -> 1 of 2
        assertThat(c[2] & 0xFF).isEqualTo(128);
        // last row: (0,2) (1,2) unpainted, (2,2) painted, (3,2) not, (4,2) painted
        assertThat(c[3] & 0xFF).isZero();
        assertThat(c[4] & 0xFF).isEqualTo(128);
        assertThat(c[5] & 0xFF).isEqualTo(255);
    }

    @Test
    void decodeOneZeroPaintsTheSetBits() throws Exception {
        byte[] rows = {(byte) 0b1100_0000, (byte) 0b1100_0000};
        var image = stencil(Pdfs.document(), 4, 2, rows, false);
        image.getCOSObject().setItem(COSName.DECODE, new COSArray(java.util.List.of(COSInteger.ONE,
                COSInteger.ZERO)));

        byte[] c = new StencilCoverage(image, 2).coverage();

        assertThat(c[0] & 0xFF).isEqualTo(255);
        assertThat(c[1] & 0xFF).isZero();
    }

    @Test
    void rowsMissingFromAShortStreamArePaintedAsPdfBoxDoes() throws Exception {
        // 8 x 4 mask, only the first row present and unpainted
        var image = stencil(Pdfs.document(), 8, 4, new byte[] {(byte) 0xFF}, false);

        byte[] c = new StencilCoverage(image, 2).coverage();

        // first output row: one unpainted row and one missing (painted) row per block
        assertThat(c[0] & 0xFF).isEqualTo(128);
        assertThat(c[4] & 0xFF).isEqualTo(255);
    }

    /**
     * A 6000 x 7800 stencil of 250-pixel blocks filling a 480 x 624 point page: PDFBox's own renderer expands it to a
     * 187 MB ARGB image; the tile renderer reduces it while decoding and must give the same picture at 150 dpi.
     */
    @Test
    void aLargeStencilRendersTheSamePictureWithoutAFullSizeImage() throws Exception {
        var doc = Pdfs.document();
        var page = doc.page(480, 624);
        var mask = page.imageObject(Pdfs.image(6000, 7800).stencil().upsampled(150).seed(5));
        page.fill(Pdfs.rgb(0.8, 0.1, 0.1)).image(mask, 0, 0, 480, 624);
        Path pdf = doc.write(dir.resolve("stencil.pdf"));

        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        BufferedImage ours;
        long oursAllocated;
        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            long a0 = threads.getCurrentThreadAllocatedBytes();
            ours = tiles.renderImage(1, 150, LayerToggles.NONE, null);
            oursAllocated = threads.getCurrentThreadAllocatedBytes() - a0;
        }
        BufferedImage theirs;
        long theirsAllocated;
        try (PDDocument pd = Loader.loadPDF(pdf.toFile())) {
            var renderer = new PDFRenderer(pd);
            renderer.setSubsamplingAllowed(true);
            long a0 = threads.getCurrentThreadAllocatedBytes();
            theirs = renderer.renderImage(0, 150 / 72f);
            theirsAllocated = threads.getCurrentThreadAllocatedBytes() - a0;
        }

        assertThat(ours.getWidth()).isEqualTo(1000);
        assertThat(ours.getHeight()).isEqualTo(1300);
        // PDFBox floors 480 x 150/72f to 999 columns; the rows and the left edge agree
        assertThat(theirs.getHeight()).isEqualTo(1300);
        // PDFBox's own path holds the whole mask as ARGB; ours only the decoded rows and the tile
        assertThat(theirsAllocated).isGreaterThan(180L << 20);
        assertThat(oursAllocated).isLessThan(48L << 20);

        // the centre of every block is exactly the paint or white; the whole picture agrees within a level or two
        int red = new Color(204, 26, 26).getRGB() & 0xFFFFFF;
        double step = 1300.0 / 52;
        int painted = 0;
        for (int by = 0; by < 52; by++) {
            for (int bx = 0; bx < 40; bx++) {
                int x = (int) ((bx + 0.5) * step);
                int y = (int) ((by + 0.5) * step);
                int p = ours.getRGB(x, y) & 0xFFFFFF;
                assertThat(p).as("block %d,%d", bx, by).isEqualTo(theirs.getRGB(x, y) & 0xFFFFFF);
                assertThat(p).isIn(red, 0xFFFFFF);
                painted += p == red ? 1 : 0;
            }
        }
        assertThat(painted).isBetween(400, 1680);
        assertThat(meanAbsoluteDifference(ours, theirs)).isLessThan(2.0);
    }

    @Test
    void thinStrokesOfAHighResolutionStencilStayVisible() throws Exception {
        // 4800 x 4800 mask on a 288 point square: at 150 dpi it is reduced by 8; a 2-pixel line every 400 rows
        int size = 4800;
        int rowLen = size / 8;
        byte[] rows = new byte[rowLen * size];
        java.util.Arrays.fill(rows, (byte) 0xFF);
        for (int y = 200; y < size; y += 400) {
            java.util.Arrays.fill(rows, y * rowLen, (y + 2) * rowLen, (byte) 0);
        }
        var doc = Pdfs.document();
        var page = doc.page(288, 288);
        page.fill(Pdfs.gray(0)).image(stencil(doc, size, size, rows, true), 0, 0, 288, 288);
        Path pdf = doc.write(dir.resolve("lines.pdf"));

        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            BufferedImage img = tiles.renderImage(1, 150, LayerToggles.NONE, null);
            assertThat(img.getWidth()).isEqualTo(600);
            for (int line = 0; line < 12; line++) {
                // the line's mask rows 200 + 400 k fall on tile rows (200 + 400 k) / 8
                int row = (200 + 400 * line) / 8;
                int darkest = 255;
                for (int y = row - 1; y <= row + 1; y++) {
                    darkest = Math.min(darkest, img.getRGB(300, y) & 0xFF);
                }
                assertThat(darkest).as("line %d", line).isLessThan(200);
                assertThat(img.getRGB(300, row + 20) & 0xFFFFFF).isEqualTo(0xFFFFFF);
            }
        }
    }

    private static double meanAbsoluteDifference(BufferedImage a, BufferedImage b) {
        long sum = 0;
        int w = Math.min(a.getWidth(), b.getWidth());
        int h = Math.min(a.getHeight(), b.getHeight());
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int p = a.getRGB(x, y);
                int q = b.getRGB(x, y);
                for (int s = 0; s < 24; s += 8) {
                    sum += Math.abs(((p >> s) & 0xFF) - ((q >> s) & 0xFF));
                }
            }
        }
        return sum / (3.0 * w * h);
    }
}
