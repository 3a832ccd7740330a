package dev.preflight.engine.bench;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.image.CCITTFactory;
import org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.blend.BlendMode;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShading;
import org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * A page of our own that exercises what a long-running viewer has met long before any given file: the JPEG 2000,
 * CCITT, JPEG and Flate decoders, an image with an alpha channel, Coons and tensor-product mesh shadings under a
 * blend mode and constant alpha, text and curves. The benchmarks
 * render it while warming up, so that a measured page does not pay for loading a codec that an unrelated file would
 * have loaded in a running service (there is no JBIG2 encoder to make one with).
 */
final class WarmupPdf {

    private WarmupPdf() {
    }

    /** Writes the page to a file. */
    static Path write(Path file) throws IOException {
        try (var doc = new PDDocument()) {
            var page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            BufferedImage photo = photo(320, 240);
            PDImageXObject jpx = jpx(doc, photo);
            PDImageXObject jpeg = JPEGFactory.createFromImage(doc, photo, 0.8f);
            PDImageXObject flate = LosslessFactory.createFromImage(doc, withAlpha(photo));
            PDImageXObject ccitt = CCITTFactory.createFromImage(doc, bilevel(800, 600));
            try (var cs = new PDPageContentStream(doc, page)) {
                cs.drawImage(jpx, 40, 560, 240, 180);
                cs.drawImage(jpeg, 300, 560, 240, 180);
                cs.drawImage(flate, 40, 360, 240, 180);
                cs.drawImage(ccitt, 300, 360, 240, 180);
                cs.saveGraphicsState();
                var translucent = new PDExtendedGraphicsState();
                translucent.setNonStrokingAlphaConstant(0.6f);
                translucent.setBlendMode(BlendMode.MULTIPLY);
                cs.setGraphicsStateParameters(translucent);
                cs.addRect(40, 120, 500, 200);
                cs.clip();
                cs.shadingFill(meshShading(doc, 7, 40, 120, 500, 200));
                cs.shadingFill(meshShading(doc, 6, 60, 140, 300, 160));
                cs.restoreGraphicsState();
                cs.setStrokingColor(0f, 0f, 0f, 1f);
                cs.setLineWidth(2.5f);
                cs.moveTo(40, 100);
                cs.curveTo(200, 300, 400, -100, 540, 100);
                cs.stroke();
                cs.beginText();
                cs.setFont(new PDType1Font(Standard14Fonts.FontName.TIMES_ROMAN), 14);
                cs.newLineAtOffset(40, 60);
                cs.showText("A page of our own that warms the decoders up.");
                cs.endText();
            }
            doc.save(file.toFile());
        }
        return file;
    }

    /**
     * A one-patch Coons (type 6) or tensor-product (type 7) mesh shading over a rectangle in points, its control points
     * bent so that the patch is not flat: the gradient meshes of illustration software.
     */
    static PDShading meshShading(PDDocument doc, int type, float x, float y, float w, float h) throws IOException {
        int points = type == 7 ? 16 : 12;
        var data = new ByteArrayOutputStream();
        data.write(0);
        // the boundary in the order the PDF specification lists it, then the four inner points of a tensor patch
        double[][] uv = {{0, 0}, {0, 1 / 3.0}, {0, 2 / 3.0}, {0, 1}, {1 / 3.0, 1}, {2 / 3.0, 1}, {1, 1},
            {1, 2 / 3.0}, {1, 1 / 3.0}, {1, 0}, {2 / 3.0, 0}, {1 / 3.0, 0}, {1 / 3.0, 1 / 3.0}, {1 / 3.0, 2 / 3.0},
            {2 / 3.0, 2 / 3.0}, {2 / 3.0, 1 / 3.0}};
        for (int i = 0; i < points; i++) {
            double bend = Math.sin(i) * 0.08;
            int px = (int) Math.round(Math.max(0, Math.min(1, uv[i][0] + bend)) * 65535);
            int py = (int) Math.round(Math.max(0, Math.min(1, uv[i][1] - bend)) * 65535);
            data.write(px >> 8);
            data.write(px);
            data.write(py >> 8);
            data.write(py);
        }
        int[][] colours = {{255, 40, 0}, {0, 160, 255}, {250, 230, 0}, {90, 0, 140}};
        for (int[] c : colours) {
            for (int v : c) {
                data.write(v);
            }
        }
        COSStream s = doc.getDocument().createCOSStream();
        try (OutputStream out = s.createOutputStream()) {
            out.write(data.toByteArray());
        }
        s.setInt(COSName.SHADING_TYPE, type);
        s.setItem(COSName.COLORSPACE, COSName.DEVICERGB);
        s.setInt(COSName.BITS_PER_COORDINATE, 16);
        s.setInt(COSName.BITS_PER_COMPONENT, 8);
        s.setInt(COSName.BITS_PER_FLAG, 8);
        var decode = new COSArray();
        for (float v : new float[] {x, x + w, y, y + h, 0, 1, 0, 1, 0, 1}) {
            decode.add(new COSFloat(v));
        }
        s.setItem(COSName.DECODE, decode);
        return PDShading.create(s);
    }

    private static BufferedImage photo(int w, int h) {
        var img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, new Color(x * 255 / w, y * 255 / h, (x ^ y) & 0xFF).getRGB());
            }
        }
        return img;
    }

    private static BufferedImage withAlpha(BufferedImage src) {
        var img = new BufferedImage(src.getWidth(), src.getHeight(), BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < src.getHeight(); y++) {
            for (int x = 0; x < src.getWidth(); x++) {
                img.setRGB(x, y, (src.getRGB(x, y) & 0xFFFFFF) | ((x * 255 / src.getWidth()) << 24));
            }
        }
        return img;
    }

    private static BufferedImage bilevel(int w, int h) {
        var img = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_BINARY);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        g.setColor(Color.BLACK);
        for (int i = 0; i < 40; i++) {
            g.drawLine(i * 20, 0, w - i * 20, h);
        }
        g.dispose();
        return img;
    }

    private static PDImageXObject jpx(PDDocument doc, BufferedImage img) throws IOException {
        var writer = ImageIO.getImageWritersByFormatName("jpeg2000");
        if (!writer.hasNext()) {
            throw new IOException("no JPEG 2000 writer on the class path");
        }
        var w = writer.next();
        var bytes = new ByteArrayOutputStream();
        try (var out = ImageIO.createImageOutputStream(bytes)) {
            w.setOutput(out);
            w.write(img);
        } finally {
            w.dispose();
        }
        COSStream s = doc.getDocument().createCOSStream();
        try (OutputStream out = s.createRawOutputStream()) {
            out.write(bytes.toByteArray());
        }
        s.setItem(COSName.FILTER, COSName.JPX_DECODE);
        s.setItem(COSName.TYPE, COSName.XOBJECT);
        s.setItem(COSName.SUBTYPE, COSName.IMAGE);
        s.setInt(COSName.WIDTH, img.getWidth());
        s.setInt(COSName.HEIGHT, img.getHeight());
        s.setInt(COSName.BITS_PER_COMPONENT, 8);
        s.setItem(COSName.COLORSPACE, COSName.DEVICERGB);
        return new PDImageXObject(new PDStream(s), null);
    }
}
