package dev.preflight.engine.render;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.view.Channel;
import dev.preflight.engine.view.ChannelType;
import dev.preflight.engine.view.SeparationPage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

@Tag("ghostscript")
class SeparationRendererTests {

    @TempDir
    Path dir;

    private SeparationRenderer renderer() {
        return new SeparationRenderer(new Ghostscript("gs"), dir.resolve("scratch"), Duration.ofSeconds(60));
    }

    @Test
    void rendersProcessAndSpotPlanesOfOnePage() throws Exception {
        Path pdf = InkPdfs.create().page(100, 100).page(200, 100)
                .cmyk(0, 0, 50, 100, 0, 1, 0, 0).spot("Varnish", 100, 0, 100, 100, 0.5f)
                .write(dir.resolve("two.pdf"));

        SeparationPage page = renderer().render(pdf, 2, 36);

        assertThat(page.pageNum()).isEqualTo(2);
        assertThat(page.width()).isEqualTo(100);
        assertThat(page.height()).isEqualTo(50);
        assertThat(page.channels()).extracting(Channel::name)
                .containsExactly("Cyan", "Magenta", "Yellow", "Black", "Varnish");
        assertThat(page.channel("Varnish").type()).isEqualTo(ChannelType.SPOT);
        assertThat(page.channel("Black").type()).isEqualTo(ChannelType.PROCESS);
        assertThat(page.channel("Magenta").ink(10, 10)).isEqualTo(255);
        assertThat(page.channel("Magenta").ink(60, 10)).isZero();
        assertThat(page.channel("Varnish").ink(75, 25)).isBetween(120, 135);
        var png = ImageIO.read(new ByteArrayInputStream(page.channel("Magenta").png()));
        assertThat(png.getWidth()).isEqualTo(100);
        assertThat(png.getRaster().getSample(10, 10, 0)).isZero();
        try (Stream<Path> left = Files.list(dir.resolve("scratch"))) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void aPageOfKnownGeometryGetsTheDeviceItsInksNeed() throws Exception {
        // page 1 paints process inks only (the CMYK device), page 2 a spot as well (tiffsep)
        Path pdf = InkPdfs.create().page(100, 100).cmyk(0, 0, 50, 100, 0, 0, 1, 0)
                .page(100, 100).cmyk(0, 0, 50, 100, 0, 0, 1, 0).spot("Gold", 50, 0, 50, 100, 1)
                .write(dir.resolve("mixed.pdf"));
        var pages = dev.preflight.engine.DocumentGeometry.read(pdf, 1 << 26).pages();

        SeparationPage process = renderer().render(pdf, pages.get(0), 72);
        SeparationPage spot = renderer().render(pdf, pages.get(1), 72);

        assertThat(process.pageNum()).isEqualTo(1);
        assertThat(process.channels()).extracting(Channel::name).containsExactly("Cyan", "Magenta", "Yellow", "Black");
        assertThat(process.channel("Yellow").ink(25, 50)).isEqualTo(255);
        assertThat(process.channel("Yellow").ink(75, 50)).isZero();
        assertThat(spot.channels()).extracting(Channel::name)
                .containsExactly("Cyan", "Magenta", "Yellow", "Black", "Gold");
        assertThat(spot.channel("Gold").ink(75, 50)).isEqualTo(255);
        assertThat(spot.channel("Yellow").ink(25, 50)).isEqualTo(255);
        assertThat(GhostscriptProcesses.runningOn(pdf)).isEmpty();
    }

    @Test
    void tacMapAgreesWithTheInkFacts() throws Exception {
        Path pdf = InkPdfs.create().page(300, 200).cmyk(30, 30, 80, 80, 1, 1, 0, 0).cmyk(150, 100, 10, 10, 1, 1, 1, 1)
                .write(dir.resolve("tac.pdf"));
        SeparationPage page = renderer().render(pdf, 1, 72);

        TacMap map = TacMap.of(page, 15);
        var facts = PageInkMeter.measure(page, 15, 300, 300);

        assertThat(map.windowPx()).isEqualTo(43);
        assertThat(map.total()[155 + (200 - 105) * 300]).isCloseTo(400f, within(0.01f));
        assertThat((double) map.maxWindowed()).isCloseTo(facts.maxTacAll(), within(0.01));
        assertThat((double) map.maxWindowed()).isCloseTo(200, within(0.01));
    }

    @Test
    void pixelRectanglesMapToPdfPoints() {
        var geometry = new PageGeometry(1, new Box(0, 0, 612, 792), new Box(10, 20, 610, 790), null, null, null,
                0, 1);
        var page = new SeparationPage(1, 144, 1200, 1540, java.util.List.of(), geometry);

        Box box = page.toPdf(0, 0, 2, 2);
        assertThat(box.sameAs(new Box(10, 789, 11, 790), 1e-9)).as("%s", box).isTrue();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {0, 90, 180, 270})
    void pixelOfAPdfPointIsTheInverseOfThePointOfAPixel(int rotation) {
        var geometry = new PageGeometry(1, new Box(0, 0, 612, 792), new Box(10, 20, 610, 790), null, null, null,
                rotation, 1);
        boolean turned = rotation % 180 != 0;
        var page = new SeparationPage(1, 144, turned ? 1540 : 1200, turned ? 1200 : 1540, java.util.List.of(),
                geometry);

        for (int[] px : new int[][] {{0, 0}, {7, 900}, {1199, 1199}, {500, 3}}) {
            double[] pt = page.toPdf(px[0] + 0.5, px[1] + 0.5);
            assertThat(page.toPixel(pt[0], pt[1])).containsExactly(px[0], px[1]);
        }
        assertThat(page.toPixel(5, 5)).isNull();
    }

    @Test
    void hugePagesAreRenderedCoarser() {
        var poster = new PageGeometry(1, new Box(0, 0, 14400, 14400), new Box(0, 0, 14400, 14400), null, null, null,
                0, 1);
        int dpi = SeparationRenderer.effectiveDpi(poster, 150);

        assertThat(dpi).isLessThan(150);
        assertThat((14400.0 * dpi / 72) * (14400.0 * dpi / 72)).isLessThanOrEqualTo(SeparationRenderer.MAX_PIXELS_PER_PAGE);
    }

    @Test
    void pageOutsideTheDocumentIsRejected() throws Exception {
        Path pdf = InkPdfs.create().page(100, 100).write(dir.resolve("one.pdf"));

        assertThatThrownBy(() -> renderer().render(pdf, 3, 36)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 page");
    }
}
