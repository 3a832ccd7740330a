package dev.preflight.engine.view;

import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The viewer's OCR entry point with the real tesseract. */
@Tag("tesseract")
class TextRecognitionTests {

    @TempDir
    Path dir;

    @Test
    void readsThePagesWords() throws Exception {
        Path pdf = Pdfs.document().page(400, 200).font(Pdfs.Font.HELVETICA).text(40, 100, 36, "PREFLIGHT").done()
                .write(dir.resolve("word.pdf"));
        var ocr = new TextRecognition(OcrOptions.defaults(dir.resolve("scratch")));

        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            OcrPage page = ocr.recognize(tiles, 1);

            assertThat(page.pageNum()).isEqualTo(1);
            assertThat(page.words()).extracting(OcrWord::text).containsExactly("PREFLIGHT");
        }
    }

    @Test
    void aMissingTesseractIsAnOcrException() throws Exception {
        Path pdf = Pdfs.document().page(100, 100).done().write(dir.resolve("blank.pdf"));
        var ocr = new TextRecognition(new OcrOptions("/nonexistent/tesseract", "eng", 72, Duration.ofSeconds(20),
                dir.resolve("scratch"), 1_000_000));

        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            assertThatThrownBy(() -> ocr.recognize(tiles, 1))
                    .isInstanceOf(OcrException.class)
                    .hasMessageContaining("tesseract is not installed or cannot be run (/nonexistent/tesseract)");
        }
    }
}
