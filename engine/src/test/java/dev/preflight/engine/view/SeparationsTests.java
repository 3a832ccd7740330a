package dev.preflight.engine.view;

import dev.preflight.engine.DocumentGeometry;
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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The viewer's entry point to a page's separations, rendered by the real Ghostscript. */
@Tag("ghostscript")
class SeparationsTests {

    @TempDir
    Path dir;

    private Separations separations() {
        return new Separations("gs", dir.resolve("scratch"), Duration.ofSeconds(60));
    }

    private static PageGeometry page(Path pdf, int pageNum) throws Exception {
        try (PDDocument doc = PdfOpener.open(pdf, 64L << 20)) {
            return DocumentGeometry.of(doc).pages().get(pageNum - 1);
        }
    }

    @Test
    void aProcessPageHasTheFourProcessPlates() throws Exception {
        Path pdf = Pdfs.document().page(100, 50).fill(Pdfs.cmyk(0, 1, 0, 0)).rect(0, 0, 50, 50).done()
                .write(dir.resolve("magenta.pdf"));

        SeparationPage sep = separations().render(pdf, page(pdf, 1), 72);

        assertThat(sep.pageNum()).isEqualTo(1);
        assertThat(sep.width()).isEqualTo(100);
        assertThat(sep.height()).isEqualTo(50);
        assertThat(sep.channels()).extracting(Channel::name).containsExactly("Cyan", "Magenta", "Yellow", "Black");
        assertThat(sep.channel("Magenta").ink(10, 25)).isEqualTo(255);
        assertThat(sep.channel("Magenta").ink(90, 25)).isZero();
    }

    @Test
    void aSpotPageHasAPlateForItsSpotInk() throws Exception {
        Path pdf = Pdfs.document().page(100, 50).fill(Pdfs.spot("Gold", 1, 0, 0.2, 0.6, 0.2)).rect(0, 0, 50, 50)
                .done().write(dir.resolve("gold.pdf"));

        SeparationPage sep = separations().render(pdf, page(pdf, 1), 72);

        assertThat(sep.channels()).extracting(Channel::name).contains("Gold");
        assertThat(sep.channel("Gold").type()).isEqualTo(ChannelType.SPOT);
        assertThat(sep.channel("Gold").ink(10, 25)).isEqualTo(255);
    }

    @Test
    void aPageKnownToBeProcessOnlyGoesStraightToTheCmykDevice() throws Exception {
        Path pdf = Pdfs.document().page(100, 50).fill(Pdfs.spot("Gold", 1, 0, 0.2, 0.6, 0.2)).rect(0, 0, 50, 50)
                .done().write(dir.resolve("told.pdf"));

        SeparationPage sep = separations().render(pdf, page(pdf, 1), 72, false);

        // told it carries no spot inks, the render does not look: the gold comes out in its process alternate
        assertThat(sep.channels()).extracting(Channel::name).containsExactly("Cyan", "Magenta", "Yellow", "Black");
        assertThat(sep.channel("Yellow").ink(10, 25)).isGreaterThan(100);
    }

    @Test
    void aGhostscriptThatCannotRunIsARenderException() throws Exception {
        Path pdf = Pdfs.document().page(100, 50).done().write(dir.resolve("blank.pdf"));

        assertThatThrownBy(() -> new Separations("/nonexistent/gs", dir.resolve("scratch"), Duration.ofSeconds(60))
                .render(pdf, page(pdf, 1), 72, true))
                .isInstanceOf(RenderException.class)
                .hasMessageContaining("could not be started");
    }
}
