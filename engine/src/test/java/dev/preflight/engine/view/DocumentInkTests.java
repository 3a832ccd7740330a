package dev.preflight.engine.view;

import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The viewer's document-wide ink pass with the real Ghostscript. */
@Tag("ghostscript")
class DocumentInkTests {

    @TempDir
    Path dir;

    private EngineSettings settings(String ghostscript) {
        var d = EngineSettings.defaults();
        return new EngineSettings(d.maxLocationsPerCheck(), d.maxMainMemoryBytes(), d.maxElementsPerPage(), 72,
                ghostscript, Duration.ofSeconds(60), dir.resolve("scratch"));
    }

    private static List<PageGeometry> pages(Path pdf) throws Exception {
        try (PDDocument doc = PdfOpener.open(pdf, 64L << 20)) {
            return DocumentGeometry.of(doc).pages();
        }
    }

    @Test
    void measuresEveryPageAndNamesEverySeparation() throws Exception {
        Pdfs.Doc doc = Pdfs.document();
        // page 1: a quarter of the page in a rich black of 320 %; page 2: a spot ink and nothing else
        doc.page(200, 200).fill(Pdfs.cmyk(0.8, 0.8, 0.8, 0.8)).rect(0, 0, 100, 100);
        Path pdf = doc.page(200, 200).fill(Pdfs.spot("Gold", 1, 0, 0.2, 0.6, 0.2)).rect(0, 0, 200, 100).done()
                .write(dir.resolve("two.pdf"));

        DocumentInk ink = DocumentInk.measure(pdf, pages(pdf), settings("gs"), 300);

        assertThat(ink.dpi()).isEqualTo(72);
        assertThat(ink.windowMm()).isEqualTo(15);
        assertThat(ink.separations()).containsExactly("Cyan", "Magenta", "Yellow", "Black", "Gold");
        assertThat(ink.pages()).containsOnlyKeys(1, 2);
        PageInk first = ink.pages().get(1);
        assertThat(first.dpi()).isEqualTo(72);
        assertThat(first.coveragePercent().get("Cyan")).isCloseTo(20, within(0.5));
        assertThat(first.maxTacAll()).isCloseTo(320, within(1.0));
        assertThat(first.maxPixelTac()).isCloseTo(320, within(1.0));
        assertThat(first.areaOverLimitAllPct()).isGreaterThan(0);
        assertThat(first.worstWindowAll()).isNotNull();
        assertThat(first.empty()).isFalse();
        PageInk second = ink.pages().get(2);
        assertThat(second.coveragePercent().get("Gold")).isCloseTo(50, within(0.5));
        assertThat(second.areaOverLimitAllPct()).isZero();
    }

    @Test
    void aGhostscriptThatCannotRunIsARenderException() throws Exception {
        Path pdf = Pdfs.document().page(100, 100).done().write(dir.resolve("blank.pdf"));

        assertThatThrownBy(() -> DocumentInk.measure(pdf, pages(pdf), settings("/nonexistent/gs"), 300))
                .isInstanceOf(RenderException.class)
                .hasMessageContaining("could not be started");
    }
}
