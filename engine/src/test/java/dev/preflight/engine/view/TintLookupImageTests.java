package dev.preflight.engine.view;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.common.function.PDFunction;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceN;
import org.apache.pdfbox.pdmodel.graphics.color.PDSeparation;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntBinaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spot-ink images converted through a table ({@link TintLookupImage}): which images take that way, and that their
 * pixels are PDFBox's own, whole and subsampled and in tiles, and a region's are the whole image's.
 */
class TintLookupImageTests {

    @TempDir
    Path dir;

    /** A Separation ink whose full tint is C0 M100 Y100 K0 (a red). */
    private static PDSeparation spot(PDDocument doc) throws IOException {
        var sep = new PDSeparation();
        sep.setColorantName("Spot Red");
        sep.setAlternateColorSpace(PDDeviceCMYK.INSTANCE);
        var f = new COSDictionary();
        f.setInt(COSName.FUNCTION_TYPE, 2);
        f.setItem(COSName.DOMAIN, floats(0, 1));
        f.setItem(COSName.C0, floats(0, 0, 0, 0));
        f.setItem(COSName.C1, floats(0, 1, 1, 0));
        f.setInt(COSName.N, 1);
        sep.setTintTransform(PDFunction.create(f));
        return sep;
    }

    /** Two inks, a duotone: tints (a, b) become C a, Y b. */
    private static PDDeviceN duotone(PDDocument doc) throws IOException {
        COSStream f = doc.getDocument().createCOSStream();
        try (OutputStream out = f.createOutputStream()) {
            out.write("{0 exch 0}".getBytes(StandardCharsets.US_ASCII));
        }
        f.setInt(COSName.FUNCTION_TYPE, 4);
        f.setItem(COSName.DOMAIN, floats(0, 1, 0, 1));
        f.setItem(COSName.RANGE, floats(0, 1, 0, 1, 0, 1, 0, 1));
        var names = new COSArray();
        names.add(COSName.getPDFName("Duo Cyan"));
        names.add(COSName.getPDFName("Duo Yellow"));
        var array = new COSArray();
        array.add(COSName.DEVICEN);
        array.add(names);
        array.add(COSName.DEVICECMYK);
        array.add(f);
        return new PDDeviceN(array);
    }

    private static COSArray floats(float... values) {
        var a = new COSArray();
        for (float v : values) {
            a.add(new COSFloat(v));
        }
        return a;
    }

    /** An image of {@code w x h} pixels whose samples are {@code sample(x, y)}, packed at {@code bpc} bits. */
    private static PDImageXObject image(PDDocument doc, PDColorSpace space, int bpc, int w, int h,
                                        IntBinaryOperator sample) throws IOException {
        int n = space.getNumberOfComponents();
        int rowBytes = (w * n * bpc + 7) / 8;
        byte[] data = new byte[rowBytes * h];
        for (int y = 0; y < h; y++) {
            long bit = 0;
            for (int x = 0; x < w; x++) {
                int v = sample.applyAsInt(x, y);
                for (int c = n - 1; c >= 0; c--) {
                    int part = (v >>> (c * bpc)) & ((1 << bpc) - 1);
                    for (int b = bpc - 1; b >= 0; b--, bit++) {
                        if (((part >>> b) & 1) != 0) {
                            data[y * rowBytes + (int) (bit >>> 3)] |= (byte) (0x80 >>> (bit & 7));
                        }
                    }
                }
            }
        }
        var image = new PDImageXObject(new PDStream(doc, new ByteArrayInputStream(data), COSName.FLATE_DECODE),
                null);
        image.setWidth(w);
        image.setHeight(h);
        image.setBitsPerComponent(bpc);
        image.setColorSpace(space);
        return image;
    }

    private Path page(PDDocument doc, PDImageXObject image) throws IOException {
        Path file = dir.resolve("img-" + System.nanoTime() + ".pdf");
        var page = new PDPage(new PDRectangle(100, 100));
        doc.addPage(page);
        try (var cs = new PDPageContentStream(doc, page)) {
            cs.drawImage(image, 0, 0, 100, 100);
        }
        doc.save(file.toFile());
        return file;
    }

    private static BufferedImage tile(Path pdf, int dpi) throws Exception {
        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            return tiles.renderImage(1, dpi, LayerToggles.NONE, null);
        }
    }

    private static void samePixels(BufferedImage ours, BufferedImage theirs, int tolerance) {
        assertThat(ours.getWidth()).isEqualTo(theirs.getWidth());
        assertThat(ours.getHeight()).isEqualTo(theirs.getHeight());
        int worst = 0;
        for (int y = 0; y < ours.getHeight(); y++) {
            for (int x = 0; x < ours.getWidth(); x++) {
                int a = ours.getRGB(x, y);
                int b = theirs.getRGB(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    worst = Math.max(worst, Math.abs((a >> shift & 0xff) - (b >> shift & 0xff)));
                }
            }
        }
        assertThat(worst).as("largest channel difference").isLessThanOrEqualTo(tolerance);
    }

    @Test
    void aOneBitSpotImageIsItsInkWhereSetAndPaperElsewhere() throws Exception {
        try (PDDocument doc = new PDDocument()) {
            PDImageXObject img = image(doc, spot(doc), 1, 40, 40, (x, y) -> (x / 10 + y / 10) % 2);
            TintLookupImage ours = TintLookupImage.forImage(img);
            assertThat(ours).isNotNull();

            BufferedImage rgb = ours.getImage();
            samePixels(rgb, img.getImage(), 2);
            // sample 1 is full tint (red), 0 no ink (white)
            assertThat(rgb.getRGB(15, 5) & 0xFFFFFF).isEqualTo(img.getImage().getRGB(15, 5) & 0xFFFFFF);
            assertThat(rgb.getRGB(5, 5) & 0xFFFFFF).isEqualTo(0xFFFFFF);
            int red = rgb.getRGB(15, 5);
            assertThat(red >> 16 & 0xff).isGreaterThan(200);
            assertThat(red >> 8 & 0xff).isLessThan(80);

            // a fresh image: PDFBox keeps the pixels of one it has decoded
            PDImageXObject inverted = image(doc, spot(doc), 1, 40, 40, (x, y) -> (x / 10 + y / 10) % 2);
            inverted.setDecode(floats(1, 0));
            samePixels(TintLookupImage.forImage(inverted).getImage(), inverted.getImage(), 2);
            assertThat(TintLookupImage.forImage(inverted).getImage().getRGB(15, 5) & 0xFFFFFF).isEqualTo(0xFFFFFF);
        }
    }

    @Test
    void aDuotoneAndFourBitTintsMatchPdfBoxWholeAndSubsampled() throws Exception {
        try (PDDocument doc = new PDDocument()) {
            PDImageXObject duo = image(doc, duotone(doc), 8, 64, 48, (x, y) -> (x * 4) << 8 | (y * 5));
            PDImageXObject tint4 = image(doc, spot(doc), 4, 33, 17, (x, y) -> (x + y) & 15);
            for (PDImageXObject img : List.of(duo, tint4)) {
                TintLookupImage ours = TintLookupImage.forImage(img);
                assertThat(ours).isNotNull();
                BufferedImage whole = ours.getImage();
                samePixels(whole, img.getImage(), 2);
                samePixels(ours.getImage(null, 2), img.getImage(null, 2), 2);
                // a region, every third pixel of it: the same pixels as the whole image's (PDFBox 3.0.8 itself
                // fails on a region of a two-component image, an index out of bounds in its 8-bit reader)
                var region = new Rectangle(3, 2, 20, 11);
                BufferedImage part = ours.getImage(region, 3);
                assertThat(part.getWidth()).isEqualTo(7);
                assertThat(part.getHeight()).isEqualTo(4);
                for (int y = 0; y < part.getHeight(); y++) {
                    for (int x = 0; x < part.getWidth(); x++) {
                        assertThat(part.getRGB(x, y)).isEqualTo(whole.getRGB(3 + 3 * x, 2 + 3 * y));
                    }
                }
                samePixels(ours.getImage(region, 1), whole.getSubimage(3, 2, 20, 11), 0);
            }
        }
    }

    @Test
    void imagesWithMasksOrOtherColourSpacesAreLeftToPdfBox() throws Exception {
        try (PDDocument doc = new PDDocument()) {
            PDImageXObject masked = image(doc, spot(doc), 1, 8, 8, (x, y) -> 1);
            masked.getCOSObject().setItem(COSName.SMASK, image(doc, spot(doc), 8, 8, 8, (x, y) -> 128));
            PDImageXObject keyed = image(doc, spot(doc), 8, 8, 8, (x, y) -> x);
            var range = new COSArray();
            range.add(COSInteger.ZERO);
            range.add(COSInteger.get(3));
            keyed.getCOSObject().setItem(COSName.MASK, range);
            PDImageXObject cmyk = image(doc, PDDeviceCMYK.INSTANCE, 8, 8, 8, (x, y) -> 0);
            PDImageXObject sixteen = image(doc, spot(doc), 8, 8, 8, (x, y) -> 0);
            sixteen.setBitsPerComponent(16);

            assertThat(TintLookupImage.forImage(masked)).isNull();
            assertThat(TintLookupImage.forImage(keyed)).isNull();
            assertThat(TintLookupImage.forImage(cmyk)).isNull();
            assertThat(TintLookupImage.forImage(sixteen)).isNull();
        }
    }

    @Test
    void aTileOfASpotImagePageIsPdfBoxsPage() throws Exception {
        Path pdf;
        try (PDDocument doc = new PDDocument()) {
            pdf = page(doc, image(doc, duotone(doc), 8, 200, 150, (x, y) -> (x % 256) << 8 | (y % 256)));
        }
        BufferedImage ours = tile(pdf, 72);
        BufferedImage theirs;
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            theirs = new PDFRenderer(doc).renderImage(0, 1f);
        }
        samePixels(ours, theirs, 3);
    }

    @Test
    void aShortStreamReadsAsZeroSamples() throws Exception {
        try (PDDocument doc = new PDDocument()) {
            PDImageXObject full = image(doc, spot(doc), 8, 10, 10, (x, y) -> 255);
            byte[] half = new byte[50];
            java.util.Arrays.fill(half, (byte) 255);
            var img = new PDImageXObject(new PDStream(doc, new ByteArrayInputStream(half), COSName.FLATE_DECODE),
                    null);
            img.setWidth(10);
            img.setHeight(10);
            img.setBitsPerComponent(8);
            img.setColorSpace(full.getColorSpace());

            BufferedImage rgb = TintLookupImage.forImage(img).getImage();
            assertThat(rgb.getRGB(5, 2) >> 8 & 0xff).isLessThan(80);
            assertThat(rgb.getRGB(5, 8) & 0xFFFFFF).isEqualTo(0xFFFFFF);
        }
    }
}
