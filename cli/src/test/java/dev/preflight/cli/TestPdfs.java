package dev.preflight.cli;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

/** Test PDFs written with PDFBox. */
final class TestPdfs {

    private TestPdfs() {
    }

    /**
     * Two A4 pages without TrimBox or output intent, each with a 100 x 100 pixel RGB image placed at 100 x 100 pt
     * (72 ppi): fails the service-default profile (no TrimBox on pages 1 and 2, low image resolution).
     */
    static Path problem(Path file) throws IOException {
        try (var doc = new PDDocument()) {
            var image = new BufferedImage(100, 100, BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < 100; y++) {
                for (int x = 0; x < 100; x++) {
                    image.setRGB(x, y, (x * 2) << 16 | (y * 2) << 8 | 0x80);
                }
            }
            for (int i = 0; i < 2; i++) {
                var page = new PDPage(PDRectangle.A4);
                doc.addPage(page);
                try (var content = new PDPageContentStream(doc, page)) {
                    content.drawImage(LosslessFactory.createFromImage(doc, image), 200, 400, 100, 100);
                }
            }
            doc.save(file.toFile());
            return file;
        }
    }
}
