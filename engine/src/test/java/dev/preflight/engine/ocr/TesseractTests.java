package dev.preflight.engine.ocr;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.testpdf.Pdfs;
import dev.preflight.engine.view.OcrException;
import dev.preflight.engine.view.OcrOptions;
import dev.preflight.engine.view.OcrPage;
import dev.preflight.engine.view.OcrWord;
import dev.preflight.engine.view.PixelBudget;
import dev.preflight.engine.view.RasterGrid;
import dev.preflight.engine.view.TileRenderer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** OCR with the real tesseract (Debian tesseract-ocr and tesseract-ocr-eng). */
@Tag("tesseract")
class TesseractTests {

    @TempDir
    Path dir;

    private TileRenderer open(Path pdf) throws Exception {
        return TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults());
    }

    @Test
    void readsWordsWithTheirBoxesInPdfPoints() throws Exception {
        // 36-point Helvetica, baseline at y = 400 on a 400 x 500 page
        Path pdf = Pdfs.document().page(400, 500).font(Pdfs.Font.HELVETICA).text(40, 400, 36, "PREFLIGHT")
                .text(40, 300, 36, "WORKS").done().write(dir.resolve("words.pdf"));
        var ocr = new Tesseract(OcrOptions.defaults(dir.resolve("scratch")));
        try (TileRenderer tiles = open(pdf)) {
            OcrPage page = ocr.recognize(tiles, 1);

            assertThat(page.pageNum()).isEqualTo(1);
            assertThat(page.dpi()).isEqualTo(300);
            assertThat(page.words()).extracting(OcrWord::text).containsExactly("PREFLIGHT", "WORKS");
            OcrWord first = page.words().getFirst();
            assertThat(first.confidence()).isGreaterThan(80);
            // capitals of 36-point Helvetica stand about 26 points above the baseline
            assertThat(first.bbox().x0()).isCloseTo(40, within(4.0));
            assertThat(first.bbox().y0()).isCloseTo(400, within(2.0));
            assertThat(first.bbox().y1()).isCloseTo(426, within(3.0));
            assertThat(page.words().get(1).bbox().y0()).isCloseTo(300, within(2.0));
        }
        try (Stream<Path> left = Files.list(dir.resolve("scratch"))) {
            assertThat(left).as("the page image is deleted").isEmpty();
        }
    }

    @Test
    void boxesFollowTheRotationBackToPdfPoints() throws Exception {
        // /Rotate 90: text written along user-space y reads horizontally on the displayed page
        Path pdf = Pdfs.document().page(300, 400).rotate(90).font(Pdfs.Font.HELVETICA)
                .textMatrix(0, 1, -1, 0, 150, 60, 36, "ROTATED").done().write(dir.resolve("rotated.pdf"));
        var ocr = new Tesseract(OcrOptions.defaults(dir.resolve("scratch")));
        try (TileRenderer tiles = open(pdf)) {
            OcrPage page = ocr.recognize(tiles, 1);

            assertThat(page.words()).extracting(OcrWord::text).containsExactly("ROTATED");
            Box b = page.words().getFirst().bbox();
            // the glyphs rise from the baseline x = 150 towards smaller x, and run up from y = 60
            assertThat(b.x1()).isCloseTo(150, within(2.0));
            assertThat(b.x0()).isCloseTo(124, within(3.0));
            assertThat(b.y0()).isCloseTo(60, within(4.0));
        }
    }

    @Test
    void parsesTesseractTsvIntoPoints() {
        var geometry = new PageGeometry(1, new Box(0, 0, 72, 72), new Box(0, 0, 72, 72), null, null, null, 0, 1);
        var grid = RasterGrid.of(geometry, 300);
        String tsv = String.join("\n",
                "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
                "1\t1\t0\t0\t0\t0\t0\t0\t300\t300\t-1\t",
                "5\t1\t1\t1\t1\t1\t30\t60\t120\t30\t91.5\tHello",
                "5\t1\t1\t1\t1\t2\t160\t60\t60\t30\t-1\t",
                "5\t1\t2\t1\t3\t1\t0\t270\t30\t30\t45\tx");

        List<OcrWord> words = Tesseract.parse(tsv, grid, 300, 300);

        assertThat(words).containsExactly(
                new OcrWord("Hello", 91.5, new Box(7.2, 50.4, 36, 57.6), 1, 1, 1),
                new OcrWord("x", 45, new Box(0, 0, 7.2, 7.2), 2, 1, 3));
    }

    @Test
    void aMissingTesseractIsAReadableError() {
        var options = new OcrOptions(dir.resolve("no-such-tesseract").toString(), "eng", 300, Duration.ofSeconds(5),
                dir, 1_000_000);
        var ocr = new Tesseract(options);

        assertThat(ocr.available()).isFalse();
        assertThatThrownBy(ocr::version).isInstanceOf(OcrException.class)
                .hasMessageStartingWith("tesseract is not installed or cannot be run")
                .hasMessageContaining("tesseract-ocr");
    }

    @Test
    void aHangingTesseractIsStoppedAtItsTimeBound() throws Exception {
        Path fake = dir.resolve("slow-tesseract");
        Files.writeString(fake, "#!/bin/sh\nsleep 30\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        Path pdf = Pdfs.document().page(100, 100).done().write(dir.resolve("blank.pdf"));
        var ocr = new Tesseract(new OcrOptions(fake.toString(), "eng", 72, Duration.ofMillis(500), dir, 1_000_000));
        try (TileRenderer tiles = open(pdf)) {
            assertThatThrownBy(() -> ocr.recognize(tiles, 1)).isInstanceOfSatisfying(OcrException.class,
                    e -> assertThat(e.timedOut()).isTrue());
        }
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(fake.toString())))
                .isEmpty();
    }

    @Test
    void reportsItsVersion() throws Exception {
        assertThat(new Tesseract(OcrOptions.defaults(dir)).version()).matches("\\d+\\.\\d+.*");
    }
}
