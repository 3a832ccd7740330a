package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class InspectedDocumentTests {

    @TempDir
    Path dir;

    @Test
    void listsTheImagesAndEveryPlacementInPageOrder() throws Exception {
        Pdfs.Doc doc = Pdfs.document().info("Pictures", null, null).layer("Cut", true);
        doc.page(300, 300).image(Pdfs.image(300, 200).rgb(), 0, 0, 72, 48)
                .image(Pdfs.image(100, 100).cmyk(), 100, 100, 144, 144);
        Path pdf = doc.page(300, 300).image(Pdfs.image(50, 50).gray(), 10, 10, 36, 36).done()
                .write(dir.resolve("images.pdf"));

        InspectedDocument read = InspectedDocument.read(pdf, EngineSettings.defaults());

        assertThat(read.inspection()).isEqualTo(DocumentInspection.inspect(pdf, EngineSettings.defaults()));
        assertThat(read.inspection().info().title()).isEqualTo("Pictures");
        assertThat(read.images()).extracting(ImageInfo::width).containsExactly(300, 100, 50);
        ImageInfo rgb = read.images().getFirst();
        assertThat(rgb.height()).isEqualTo(200);
        assertThat(rgb.bitsPerComponent()).isEqualTo(8);
        assertThat(rgb.colorSpace()).isEqualTo("DeviceRGB");
        assertThat(rgb.imageMask()).isFalse();
        assertThat(read.images().get(1).colorSpace()).isEqualTo("DeviceCMYK");
        assertThat(read.placements()).extracting(PlacedImage::pageNum).containsExactly(1, 1, 2);
        PlacedImage first = read.placements().getFirst();
        assertThat(first.imageObjectId()).isEqualTo(rgb.objectId());
        assertThat(first.bbox()).isEqualTo(new Box(0, 0, 72, 48));
        // 300 pixels over one inch
        assertThat(first.ppiX()).isCloseTo(300, within(0.01));
        assertThat(first.ppiY()).isCloseTo(300, within(0.01));
        assertThat(read.placements().get(1).effectivePpi()).isCloseTo(50, within(0.01));
    }

    @Test
    void aFileThatIsNotAPdfIsUnreadable() throws Exception {
        Path text = Files.writeString(dir.resolve("not.pdf"), "hello");

        assertThatThrownBy(() -> InspectedDocument.read(text, EngineSettings.defaults()))
                .isInstanceOf(UnreadablePdfException.class);
    }
}
