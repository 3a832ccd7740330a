package dev.preflight.engine;

import dev.preflight.engine.testpdf.Pdfs;
import dev.preflight.engine.view.Layer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The engine's entry points beside the analysis itself: input recognition and conversion, the renderer's version. */
class EngineTests {

    @TempDir
    Path dir;

    private static final Profile NO_CHECKS = new Profile("p", "p", "", null, false, List.of());

    @Test
    void anAnalysisReportsTheLayersItsFactsPassRead() throws Exception {
        Path pdf = Pdfs.document().layer("Dielines", true).layer("Varnish", false).page(200, 200)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).rect(10, 10, 50, 50).done().write(dir.resolve("layers.pdf"));

        AnalysisResult result = new Engine(EngineSettings.defaults()).analyze(pdf, new AnalysisRequest(NO_CHECKS,
                false));

        assertThat(result.layers()).containsExactly(new Layer("Dielines", 0, true), new Layer("Varnish", 1, false));
    }

    @Test
    void aDocumentWithoutLayersReportsNone() throws Exception {
        Path pdf = Pdfs.document().page(200, 200).done().write(dir.resolve("plain.pdf"));

        AnalysisResult result = new Engine(EngineSettings.defaults()).analyze(pdf, new AnalysisRequest(NO_CHECKS,
                false));

        assertThat(result.layers()).isEmpty();
    }

    @Test
    void recognisesTheInputByItsFirstBytes() throws Exception {
        Path pdf = Pdfs.document().page(100, 100).done().write(dir.resolve("a.pdf"));
        Path png = dir.resolve("a.bin");
        ImageIO.write(new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB), "png", png.toFile());
        Path text = Files.writeString(dir.resolve("a.txt"), "hello");

        assertThat(Engine.inputType(pdf)).isEqualTo(InputType.PDF);
        assertThat(Engine.inputType(png)).isEqualTo(InputType.PNG);
        assertThatThrownBy(() -> Engine.inputType(text)).isInstanceOfSatisfying(UnreadablePdfException.class,
                e -> assertThat(e.reason()).isEqualTo("not_pdf"));
    }

    @Test
    void convertsAnImageToAPdfAndPassesAPdfThrough() throws Exception {
        Path pdf = Pdfs.document().page(100, 100).done().write(dir.resolve("in.pdf"));
        Path png = dir.resolve("in.png");
        ImageIO.write(new BufferedImage(72, 36, BufferedImage.TYPE_INT_RGB), "png", png.toFile());
        var engine = new Engine(EngineSettings.defaults());
        Path scratch = Files.createDirectories(dir.resolve("scratch"));

        ConversionResult same = engine.convertIfNeeded(pdf, scratch);
        ConversionResult converted = engine.convertIfNeeded(png, scratch);

        assertThat(same).isEqualTo(new ConversionResult(pdf, InputType.PDF, false, null));
        assertThat(converted.converted()).isTrue();
        assertThat(converted.type()).isEqualTo(InputType.PNG);
        assertThat(converted.pdf().getParent()).isEqualTo(scratch);
        assertThat(converted.message()).isEqualTo("Converted from PNG to PDF before analysis");
        assertThat(Engine.inputType(converted.pdf())).isEqualTo(InputType.PDF);
    }

    @Test
    @Tag("ghostscript")
    void reportsTheRenderersVersionOrWhyItCannotRun() throws Exception {
        assertThat(Engine.rendererVersion("gs")).matches("\\d+\\.\\d+(\\.\\d+)?");
        assertThatThrownBy(() -> Engine.rendererVersion("/nonexistent/gs"))
                .isInstanceOf(RenderException.class)
                .hasMessageContaining("could not be started");
    }
}
