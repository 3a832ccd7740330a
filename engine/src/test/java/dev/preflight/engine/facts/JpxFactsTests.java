package dev.preflight.engine.facts;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static dev.preflight.engine.facts.FactsFixture.facts;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * JPEG 2000 images: a plain image whose dictionary agrees with its codestream is described from the headers alone
 * (not decoded); any other is decoded by PDFBox as before, and the facts are the same either way.
 */
class JpxFactsTests {

    private static BufferedImage picture(int type, int w, int h) {
        BufferedImage img = new BufferedImage(w, h, type);
        Random r = new Random(w * 31L + h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, r.nextInt());
            }
        }
        return img;
    }

    /** A JP2 file, or a bare codestream, of the image (jai-imageio's writer). */
    static byte[] jpeg2000(BufferedImage img, boolean codestreamOnly) throws IOException {
        ImageWriter w = ImageIO.getImageWritersByFormatName("jpeg2000").next();
        var param = (com.github.jaiimageio.jpeg2000.J2KImageWriteParam) w.getDefaultWriteParam();
        param.setWriteCodeStreamOnly(codestreamOnly);
        var out = new ByteArrayOutputStream();
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            w.setOutput(ios);
            w.write(null, new IIOImage(img, null, null), param);
        } finally {
            w.dispose();
        }
        return out.toByteArray();
    }

    @Test
    void plainHeadersGiveTheSizeOthersNothing() throws IOException {
        byte[] rgb = jpeg2000(picture(BufferedImage.TYPE_3BYTE_BGR, 64, 48), false);
        assertThat(new String(rgb, 4, 4, java.nio.charset.StandardCharsets.ISO_8859_1)).isEqualTo("jP  ");
        assertThat(JpxHeader.plainSize(new ByteArrayInputStream(rgb))).containsExactly(64, 48);
        byte[] gray = jpeg2000(picture(BufferedImage.TYPE_BYTE_GRAY, 30, 20), true);
        assertThat(gray[0] & 0xFF).isEqualTo(0xFF);
        assertThat(JpxHeader.plainSize(new ByteArrayInputStream(gray))).containsExactly(30, 20);
        byte[] deep = jpeg2000(picture(BufferedImage.TYPE_USHORT_GRAY, 30, 20), false);
        assertThat(JpxHeader.plainSize(new ByteArrayInputStream(deep))).as("16-bit").isNull();
        assertThat(JpxHeader.plainSize(new ByteArrayInputStream(Arrays.copyOf(rgb, 40)))).as("cut").isNull();
        assertThat(JpxHeader.plainSize(new ByteArrayInputStream(new byte[] {1, 2, 3}))).isNull();
    }

    /** A page with the JPEG 2000 data drawn as an image whose dictionary has the given entries (null: left out). */
    private static byte[] pdf(byte[] jpx, Map<String, COSBase> entries) {
        var doc = Pdfs.document();
        var page = doc.page(300, 300);
        var extra = new HashMap<String, COSBase>(entries);
        extra.values().removeIf(v -> v == null);
        int w = entries.get("Width") instanceof COSInteger i ? i.intValue() : 64;
        int h = entries.get("Height") instanceof COSInteger i ? i.intValue() : 48;
        COSBase cs = entries.containsKey("ColorSpace") ? entries.get("ColorSpace") : COSName.DEVICERGB;
        extra.remove("Width");
        extra.remove("Height");
        extra.remove("ColorSpace");
        Pdfs.rawImage(page, cs, 8, w, h, jpx, "JPXDecode", extra, 0, 0, 64, 48);
        // bits per component under the short key /BPC: PDFBox's decode writes /BitsPerComponent, which shows it ran
        try (PDDocument d = Loader.loadPDF(doc.bytes())) {
            COSStream img = image(d);
            img.removeItem(COSName.BITS_PER_COMPONENT);
            img.setInt(COSName.BPC, 8);
            var out = new ByteArrayOutputStream();
            d.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static COSStream image(PDDocument doc) throws IOException {
        var res = doc.getPage(0).getResources();
        return (COSStream) res.getXObject(res.getXObjectNames().iterator().next()).getCOSObject();
    }

    /** Collects the facts and returns the image dictionary as it is afterwards (PDFBox's decode rewrites it). */
    private static COSStream afterFacts(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            FactsCollector.collect(doc, pdf.length, java.util.List.of(), EngineSettings.defaults());
            return image(doc);
        }
    }

    @Test
    void aPlainImageAsDeclaredIsDescribedWithoutDecodingIt() throws IOException {
        byte[] jpx = jpeg2000(picture(BufferedImage.TYPE_3BYTE_BGR, 64, 48), false);
        byte[] pdf = pdf(jpx, Map.of());
        ImageFact f = facts(pdf).images().getFirst();
        assertThat(f.width()).isEqualTo(64);
        assertThat(f.height()).isEqualTo(48);
        assertThat(f.bitsPerComponent()).isEqualTo(8);
        assertThat(f.color().space()).isEqualTo("DeviceRGB");
        assertThat(f.filters()).containsExactly("JPXDecode");
        assertThat(afterFacts(pdf).containsKey(COSName.BITS_PER_COMPONENT)).as("decoded").isFalse();
    }

    @Test
    void anImageWhoseDictionaryDisagreesIsDecodedAndTheCodestreamWins() throws IOException {
        byte[] jpx = jpeg2000(picture(BufferedImage.TYPE_3BYTE_BGR, 64, 48), false);
        byte[] pdf = pdf(jpx, Map.of("Width", COSInteger.get(100)));
        ImageFact f = facts(pdf).images().getFirst();
        assertThat(f.width()).isEqualTo(64);
        assertThat(f.height()).isEqualTo(48);
        assertThat(f.bitsPerComponent()).isEqualTo(8);
        assertThat(afterFacts(pdf).getInt(COSName.BITS_PER_COMPONENT)).as("decoded").isEqualTo(8);
    }

    @Test
    void aDeepImageIsDecodedForItsBitsPerComponent() throws IOException {
        byte[] jpx = jpeg2000(picture(BufferedImage.TYPE_USHORT_GRAY, 64, 48), false);
        byte[] pdf = pdf(jpx, Map.of("ColorSpace", COSName.DEVICEGRAY));
        ImageFact f = facts(pdf).images().getFirst();
        assertThat(f.bitsPerComponent()).isEqualTo(16);
        assertThat(afterFacts(pdf).getInt(COSName.BITS_PER_COMPONENT)).as("decoded").isEqualTo(16);
    }
}
