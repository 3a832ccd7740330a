package dev.preflight.client;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * A one-page A4 PDF, written with PDFBox, that fails the service-default profile in known ways: no TrimBox
 * (PAGE_TRIMBOX_MISSING), no output intent (OI_MISSING, document level), and an RGB image of 100 x 100 pixels placed
 * at (200, 400) at 100 x 100 pt, that is 72 ppi (IMG_RES_LOW, error; COLOR_RGB_USED).
 */
final class ProblemPdf {

    static final float IMAGE_X = 200;
    static final float IMAGE_Y = 400;
    static final float IMAGE_SIZE = 100;

    private ProblemPdf() {
    }

    static byte[] bytes() throws IOException {
        try (var doc = new PDDocument()) {
            var page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            var image = new BufferedImage(100, 100, BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < 100; y++) {
                for (int x = 0; x < 100; x++) {
                    image.setRGB(x, y, (x * 2) << 16 | (y * 2) << 8 | 0x80);
                }
            }
            try (var content = new PDPageContentStream(doc, page)) {
                content.drawImage(LosslessFactory.createFromImage(doc, image), IMAGE_X, IMAGE_Y, IMAGE_SIZE,
                        IMAGE_SIZE);
            }
            var out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }
}
