package dev.preflight.engine;

import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("ghostscript")
class PagePicturesTests {

    @TempDir
    Path dir;

    @Test
    void drawsTheRequestedPagesInOneRunAndLeavesNoFiles() throws Exception {
        Pdfs.Doc doc = Pdfs.document();
        doc.page(144, 72).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(0, 0, 72, 72);
        doc.page(72, 144);
        Path pdf = doc.page(72, 72).done().write(dir.resolve("three.pdf"));
        Path scratch = Files.createDirectories(dir.resolve("scratch"));

        PagePictures.Drawn drawn = new PagePictures("gs", Duration.ofSeconds(60))
                .render(pdf, new TreeSet<>(java.util.List.of(1, 3)), 36, scratch);

        assertThat(drawn.problems()).isEmpty();
        assertThat(drawn.pictures()).containsOnlyKeys(1, 3);
        BufferedImage first = drawn.pictures().get(1);
        assertThat(first.getWidth()).isEqualTo(72);
        assertThat(first.getHeight()).isEqualTo(36);
        assertThat(first.getRGB(10, 18) & 0xffffff).as("black on the left half").isLessThan(0x303030);
        assertThat(first.getRGB(60, 18) & 0xffffff).as("paper on the right").isEqualTo(0xffffff);
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void aSoftProofPictureShowsWhatPrints() throws Exception {
        // white set to overprint on cyan: it vanishes in the proof, the plain picture draws it
        Path pdf = Pdfs.document().page(72, 72).fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 72, 72)
                .save().overprint(true, true, 1).fill(Pdfs.cmyk(0, 0, 0, 0)).rect(18, 18, 36, 36).restore()
                .done().write(dir.resolve("white-overprint.pdf"));
        Path fogra39 = Path.of("..", "server", "src", "main", "resources", "icc", "profiles", "fogra39.icc");
        var pictures = new PagePictures("gs", Duration.ofSeconds(60));

        BufferedImage proof = pictures.render(pdf, new TreeSet<>(java.util.List.of(1)), 72,
                Files.createDirectories(dir.resolve("a")), fogra39, false).pictures().get(1);
        BufferedImage plain = pictures.render(pdf, new TreeSet<>(java.util.List.of(1)), 72,
                Files.createDirectories(dir.resolve("b"))).pictures().get(1);

        assertThat(proof.getRGB(36, 36)).isEqualTo(proof.getRGB(5, 5));
        // FOGRA39's cyan, not Ghostscript's default profile's (0/174/239)
        assertThat(proof.getRGB(5, 5) >> 8 & 0xff).isBetween(150, 168);
        assertThat(plain.getRGB(36, 36) & 0xffffff).isEqualTo(0xffffff);
    }

    @Test
    void aRunThatCannotDrawGivesNoPicturesAndSaysWhy() throws Exception {
        Path pdf = Pdfs.document().page(72, 72).done().write(dir.resolve("one.pdf"));

        PagePictures.Drawn drawn = new PagePictures("/nonexistent/gs", Duration.ofSeconds(60))
                .render(pdf, new TreeSet<>(java.util.List.of(1)), 36, Files.createDirectories(dir.resolve("s")));

        assertThat(drawn.pictures()).isEmpty();
        assertThat(drawn.problems()).singleElement().asString()
                .startsWith("ghostscript could not draw page pictures: Ghostscript could not be started");
    }

    @Test
    void noPagesAskedForDrawNothing() throws Exception {
        Path pdf = Pdfs.document().page(72, 72).done().write(dir.resolve("none.pdf"));

        PagePictures.Drawn drawn = new PagePictures("gs", Duration.ofSeconds(60)).render(pdf, new TreeSet<>(), 36, dir);

        assertThat(drawn.pictures()).isEmpty();
        assertThat(drawn.problems()).isEmpty();
    }
}
