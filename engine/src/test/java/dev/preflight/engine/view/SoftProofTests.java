package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The soft proof against Ghostscript's own overprint simulation of the same page, run here directly
 * ({@code gs -sDEVICE=ppmraw -dOverprint=/simulate} with the same output profile: {@code -dUsePDFX3Profile} for a
 * file with an output intent, {@code -sDefaultCMYKProfile} for one without): every 4 x 4 pixel block's mean within
 * 48 levels, on generated pages with known answers, each next to what the plain PDFBox tile shows (the near miss:
 * the screen render that contradicts the press). Needs Ghostscript.
 */
class SoftProofTests {

    /** The server's ICC catalogue, which the engine's tests read rather than copy. */
    private static final Path ICC = Path.of("..", "server", "src", "main", "resources", "icc", "profiles");
    private static final int DPI = 72;

    private static SoftProof.Condition fogra39;

    @TempDir
    Path dir;

    @BeforeAll
    static void condition() throws IOException {
        fogra39 = SoftProof.named("FOGRA39", ICC.resolve("fogra39.icc"));
    }

    private SoftProof proof() {
        return new SoftProof("gs", dir.resolve("scratch"), Duration.ofSeconds(60));
    }

    @Test
    void whiteSetToOverprintVanishesOverProcessInksAndOverASpot() throws Exception {
        Pdfs.Colour gold = Pdfs.spot("Gold", 1, 0, 0.3, 1, 0);
        Path pdf = Pdfs.document().page(160, 80)
                .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 80, 80)
                .fill(gold).rect(80, 0, 80, 80)
                .save().overprint(true, true, 1).fill(Pdfs.cmyk(0, 0, 0, 0))
                .rect(10, 10, 30, 30).rect(100, 10, 30, 30)
                .stroke(Pdfs.cmyk(0, 0, 0, 0)).lineWidth(4).line(10, 60, 150, 60)
                .font(Pdfs.Font.EMBEDDED_SANS).text(45, 20, 24, "X")
                .restore()
                .done().write(dir.resolve("white.pdf"));

        BufferedImage ours = render(pdf, fogra39);
        assertMatchesGhostscript(pdf, ours, false);
        // the white square, line and letter are gone: cyan and gold show through
        assertThat(rgb(ours, 25, 55)).isEqualTo(rgb(ours, 5, 75));
        assertThat(rgb(ours, 115, 55)).isEqualTo(rgb(ours, 155, 75));
        assertThat(rgb(ours, 30, 20)).isEqualTo(rgb(ours, 5, 75)); // the line
        assertNear(rgb(ours, 5, 75), 0x009FDE, 12);
        // the screen render draws them white: what the viewer showed before
        BufferedImage screen = screen(pdf);
        assertThat(rgb(screen, 25, 55)).isEqualTo(0xFFFFFF);
        assertThat(rgb(screen, 115, 55)).isEqualTo(0xFFFFFF);
        assertThat(rgb(screen, 30, 20)).isEqualTo(0xFFFFFF);
    }

    @Test
    void blackOverCyanKeepsTheCyanOnlyWithOverprintModeOne() throws Exception {
        Path pdf = Pdfs.document().page(160, 80)
                .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 160, 80)
                .save().overprint(true, true, 0).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(10, 10, 60, 60).restore()
                .save().overprint(true, true, 1).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(90, 10, 60, 60).restore()
                .done().write(dir.resolve("k-over-cyan.pdf"));

        BufferedImage ours = render(pdf, fogra39);
        assertMatchesGhostscript(pdf, ours, false);
        int opm0 = rgb(ours, 40, 40);
        int opm1 = rgb(ours, 120, 40);
        // OPM 0: DeviceCMYK paints all four plates, the cyan is knocked out (a neutral black)
        assertThat(Math.abs(red(opm0) - blue(opm0))).isLessThan(12);
        // OPM 1: the zero cyan leaves the cyan plate alone: a cold, blue-black
        assertThat(blue(opm1) - red(opm1)).isGreaterThan(15);
        // the screen render shows both the same
        BufferedImage screen = screen(pdf);
        assertThat(rgb(screen, 40, 40)).isEqualTo(rgb(screen, 120, 40));
    }

    @Test
    void grayOverASpotLeavesTheSpotAndADeviceNOverprintLeavesTheCyan() throws Exception {
        Pdfs.Colour gold = Pdfs.spot("Gold", 1, 0, 0.3, 1, 0);
        Pdfs.Colour duo = Pdfs.deviceN(List.of("Gold", "Silver"), new double[] {1, 0},
                new double[][] {{0, 0.3, 1, 0}, {0.2, 0.2, 0.2, 0}});
        Path pdf = Pdfs.document().page(160, 80)
                .fill(gold).rect(0, 0, 80, 80)
                .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(80, 0, 80, 80)
                .save().overprint(true, true, 1)
                .fill(Pdfs.gray(0.5)).rect(10, 10, 60, 60)
                .fill(duo).rect(90, 10, 60, 60)
                .restore()
                .done().write(dir.resolve("gray-over-spot.pdf"));

        BufferedImage ours = render(pdf, fogra39);
        assertMatchesGhostscript(pdf, ours, false);
        // gray paints black only: the gold still shows under it (darker, but yellow)
        int grayOverGold = rgb(ours, 40, 40);
        assertThat(red(grayOverGold) - blue(grayOverGold)).isGreaterThan(40);
        // the DeviceN paints Gold and Silver only: cyan plus gold makes green
        int duoOverCyan = rgb(ours, 120, 40);
        assertThat(green(duoOverCyan)).isGreaterThan(red(duoOverCyan) + 40);
        assertThat(green(duoOverCyan)).isGreaterThan(blue(duoOverCyan) + 20);
        BufferedImage screen = screen(pdf);
        int screenGray = rgb(screen, 40, 40);
        assertThat(Math.abs(red(screenGray) - blue(screenGray))).isLessThan(3);
    }

    @Test
    void aKnockoutGroupShowsOnlyItsLastObjectWhereTheyOverlap() throws Exception {
        Path pdf = Pdfs.document().page(160, 80)
                .transparencyGroup(160, 80, "DeviceCMYK", false, true, g -> g
                        .alpha(0.5, 0.5)
                        .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(10, 10, 90, 60)
                        .fill(Pdfs.cmyk(0, 1, 0, 0)).rect(60, 10, 90, 60))
                .done().write(dir.resolve("knockout.pdf"));

        BufferedImage ours = render(pdf, fogra39);
        assertMatchesGhostscript(pdf, ours, false);
        // in the overlap the magenta knocked the cyan out: the same pixel as magenta alone
        assertNear(rgb(ours, 80, 40), rgb(ours, 130, 40), 2);
        assertThat(rgb(ours, 80, 40)).isNotEqualTo(rgb(ours, 30, 40));
    }

    @Test
    void anIccBasedCmykObjectIsShownThroughTheOutputIntent() throws Exception {
        byte[] uncoated = Files.readAllBytes(ICC.resolve("fogra29.icc"));
        Path pdf = Pdfs.document().outputIntent("FOGRA29", uncoated).page(160, 80)
                .fill(Pdfs.iccCmyk(1, 1, 1, 1)).rect(0, 0, 80, 80)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).rect(80, 0, 80, 80)
                .done().write(dir.resolve("icc-cmyk.pdf"));

        SoftProof soft = proof();
        SoftProof.Condition condition = soft.condition(pdf, fogra39);
        assertThat(condition.source()).isEqualTo("output_intent");
        assertThat(condition.name()).isEqualTo("FOGRA29");
        assertThat(condition.viaProof()).isTrue();
        BufferedImage ours = render(pdf, condition);
        assertMatchesGhostscript(pdf, ours, true);
        // converted directly, the coated rich black is near-black; printed on uncoated paper it is lighter
        BufferedImage direct = ghostscript(pdf, List.of("-sDefaultCMYKProfile=" + ICC.resolve("fogra29.icc")
                .toAbsolutePath()));
        int richBlack = rgb(ours, 40, 40);
        assertThat(green(richBlack) - green(rgb(direct, 40, 40))).isGreaterThan(8);
    }

    @Test
    void withoutAnOutputIntentTheNamedConditionIsUsed() throws Exception {
        Path pdf = Pdfs.document().outputIntent("sRGB", false).page(40, 40)
                .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 40, 40).done().write(dir.resolve("rgb-intent.pdf"));

        SoftProof.Condition condition = proof().condition(pdf, fogra39);

        // an RGB intent is not a press: the fallback stands; no other CMYK profile, so no proof round trip
        assertThat(condition).isEqualTo(fogra39);
        assertThat(condition.viaProof()).isFalse();
        assertNear(rgb(render(pdf, condition), 20, 20), 0x009FDE, 12);
    }

    @Test
    void aRegionHoldsTheSamePixelsAsTheWholePage() throws Exception {
        Path pdf = Pdfs.document().page(160, 80)
                .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 160, 80)
                .save().overprint(true, true, 1).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(90, 10, 60, 60).restore()
                .done().write(dir.resolve("region.pdf"));
        SoftProof soft = proof();
        PageGeometry page = geometry(pdf);
        BufferedImage whole = render(pdf, fogra39);

        Tile tile = soft.render(pdf, page, DPI, new Box(80, 0, 120, 40), LayerToggles.NONE, List.of(), fogra39,
                PixelBudget.defaults());
        BufferedImage region = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(tile.png()));

        assertThat(region.getWidth()).isEqualTo(40);
        assertThat(region.getHeight()).isEqualTo(40);
        assertThat(tile.pixels()).isEqualTo(new PixelRect(80, 40, 40, 40));
        for (int y = 0; y < 40; y++) {
            for (int x = 0; x < 40; x++) {
                assertThat(rgb(region, x, y)).isEqualTo(rgb(whole, 80 + x, 40 + y));
            }
        }
    }

    @Test
    void aRegionOfALargePageIsRenderedThroughAWindowWithTheSamePixels() throws Exception {
        // 1000 pt square at 220 dpi: 9.3 megapixels, above what a region is cut out of the whole page for
        Path pdf = Pdfs.document().page(1000, 1000)
                .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 1000, 1000)
                .save().overprint(true, true, 1).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(500, 500, 100, 100).restore()
                .save().overprint(true, true, 1).fill(Pdfs.cmyk(0, 0, 0, 0)).rect(450, 450, 40, 40).restore()
                .done().write(dir.resolve("large.pdf"));
        SoftProof soft = proof();
        PageGeometry page = geometry(pdf);
        int dpi = 220;
        BufferedImage whole = soft.renderImage(pdf, page, dpi, null, LayerToggles.NONE, List.of(), fogra39,
                PixelBudget.defaults());
        Box box = new Box(440, 440, 620, 620);
        PixelRect rect = RasterGrid.of(page, dpi).cover(box);

        BufferedImage region = soft.renderImage(pdf, page, dpi, box, LayerToggles.NONE, List.of(), fogra39,
                PixelBudget.defaults());

        assertThat(region.getWidth()).isEqualTo(rect.width());
        int differing = 0;
        for (int y = 0; y < rect.height(); y++) {
            for (int x = 0; x < rect.width(); x++) {
                if (rgb(region, x, y) != rgb(whole, rect.x() + x, rect.y() + y)) {
                    differing++;
                }
            }
        }
        // edges of the shapes may fall a pixel differently; the inside is the same
        assertThat(differing).isLessThan(rect.width() * 4);
        // DeviceCMYK through FOGRA39 also at this size (Ghostscript's banded simulation would use its own default)
        assertNear(rgb(region, 5, 5), 0x009FDE, 12);
        assertNear(rgb(whole, 5, 5), 0x009FDE, 12);
        // the white square vanished in the window too, the black kept its cyan
        int centre = rgb(region, (int) (30 * dpi / 72.0), rect.height() - (int) (30 * dpi / 72.0));
        assertThat(centre).isEqualTo(rgb(whole, rect.x() + 50, rect.y() + rect.height() - 5));
        assertThat(blue(rgb(region, rect.width() - 20, 20)) - red(rgb(region, rect.width() - 20, 20)))
                .isGreaterThan(15);
    }

    @Test
    void aToggledLayerIsRenderedFromACopyWithThatLayerOff() throws Exception {
        Path pdf = Pdfs.document().layer("Varnish", true).page(80, 40)
                .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 80, 40)
                .layer("Varnish", c -> c.fill(Pdfs.cmyk(0, 1, 0, 0)).rect(40, 0, 40, 40))
                .done().write(dir.resolve("layers.pdf"));
        SoftProof soft = proof();
        PageGeometry page = geometry(pdf);
        List<Layer> layers;
        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            layers = tiles.layers();
        }

        BufferedImage on = soft.renderImage(pdf, page, DPI, null, LayerToggles.NONE, layers, fogra39,
                PixelBudget.defaults());
        BufferedImage off = soft.renderImage(pdf, page, DPI, null,
                LayerToggles.of(java.util.Set.of(), java.util.Set.of(0)), layers, fogra39, PixelBudget.defaults());

        assertThat(rgb(on, 60, 20)).isNotEqualTo(rgb(on, 20, 20));
        assertThat(rgb(off, 60, 20)).isEqualTo(rgb(off, 20, 20));
        try (var files = Files.list(dir.resolve("scratch"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".pdf")).toList()).isEmpty();
        }
    }

    // ------------------------------------------------------------------------------------------ helpers

    private BufferedImage render(Path pdf, SoftProof.Condition condition) throws Exception {
        return proof().renderImage(pdf, geometry(pdf), DPI, null, LayerToggles.NONE, List.of(), condition,
                PixelBudget.defaults());
    }

    private static PageGeometry geometry(Path pdf) throws Exception {
        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            return tiles.page(1);
        }
    }

    private static BufferedImage screen(Path pdf) throws Exception {
        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            return tiles.renderImage(1, DPI, LayerToggles.NONE, null);
        }
    }

    /** Every 4 x 4 block's mean within 48 levels of Ghostscript's own simulation, per channel. */
    private void assertMatchesGhostscript(Path pdf, BufferedImage ours, boolean outputIntent) throws Exception {
        List<String> profile = outputIntent ? List.of("-dUsePDFX3Profile")
                : List.of("-sDefaultCMYKProfile=" + ICC.resolve("fogra39.icc").toAbsolutePath());
        BufferedImage reference = ghostscript(pdf, profile);
        assertThat(ours.getWidth()).isEqualTo(reference.getWidth());
        assertThat(ours.getHeight()).isEqualTo(reference.getHeight());
        int worst = 0;
        for (int by = 0; by + 4 <= ours.getHeight(); by += 4) {
            for (int bx = 0; bx + 4 <= ours.getWidth(); bx += 4) {
                for (int shift = 0; shift <= 16; shift += 8) {
                    worst = Math.max(worst, Math.abs(blockMean(ours, bx, by, shift)
                            - blockMean(reference, bx, by, shift)));
                }
            }
        }
        assertThat(worst).as("largest 4x4 block difference from Ghostscript's simulation").isLessThanOrEqualTo(48);
    }

    /** The mean of one channel (shift 16 red, 8 green, 0 blue) over the 4 x 4 block at (x0, y0). */
    static int blockMean(BufferedImage image, int x0, int y0, int shift) {
        int sum = 0;
        for (int y = y0; y < y0 + 4; y++) {
            for (int x = x0; x < x0 + 4; x++) {
                sum += (image.getRGB(x, y) >> shift) & 0xFF;
            }
        }
        return Math.round(sum / 16f);
    }

    /** Ghostscript's own simulation of page 1, at the same resolution and box, as a PPM read here. */
    private BufferedImage ghostscript(Path pdf, List<String> profile) throws Exception {
        Path out = Files.createTempFile(dir, "gs-", ".ppm");
        var command = new ArrayList<>(List.of("gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dUseCropBox",
                "-dOverprint=/simulate", "-r" + DPI, "-sDEVICE=ppmraw", "-o", out.toString()));
        command.addAll(profile);
        command.add(pdf.toAbsolutePath().toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(said).isZero();
        return readPpm(Files.readAllBytes(out));
    }

    private static BufferedImage readPpm(byte[] d) {
        int[] pos = {2};
        int w = ppmNumber(d, pos);
        int h = ppmNumber(d, pos);
        ppmNumber(d, pos);
        int at = pos[0] + 1;
        var image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = at + 3 * (y * w + x);
                image.setRGB(x, y, (d[i] & 0xFF) << 16 | (d[i + 1] & 0xFF) << 8 | (d[i + 2] & 0xFF));
            }
        }
        return image;
    }

    private static int ppmNumber(byte[] d, int[] pos) {
        int i = pos[0];
        while (Character.isWhitespace(d[i]) || d[i] == '#') {
            if (d[i] == '#') {
                while (d[i] != '\n') {
                    i++;
                }
            }
            i++;
        }
        int n = 0;
        while (d[i] >= '0' && d[i] <= '9') {
            n = n * 10 + (d[i++] - '0');
        }
        pos[0] = i;
        return n;
    }

    /** The pixel at (x, y) of the image, 0xRRGGBB; y counted from the top. */
    private static int rgb(BufferedImage image, int x, int y) {
        return image.getRGB(x, y) & 0xFFFFFF;
    }

    private static int red(int rgb) {
        return rgb >> 16 & 0xFF;
    }

    private static int green(int rgb) {
        return rgb >> 8 & 0xFF;
    }

    private static int blue(int rgb) {
        return rgb & 0xFF;
    }

    private static void assertNear(int actual, int expected, int tolerance) {
        assertThat(Math.abs(red(actual) - red(expected))).as("red of %06x against %06x", actual, expected)
                .isLessThanOrEqualTo(tolerance);
        assertThat(Math.abs(green(actual) - green(expected))).as("green of %06x against %06x", actual, expected)
                .isLessThanOrEqualTo(tolerance);
        assertThat(Math.abs(blue(actual) - blue(expected))).as("blue of %06x against %06x", actual, expected)
                .isLessThanOrEqualTo(tolerance);
    }
}
