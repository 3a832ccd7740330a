package dev.preflight.engine.view;

import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The composite of chosen plates against the soft-proof tile: with every plate visible the two agree (4 x 4 block
 * means within 48 levels, the soft proof's own yardstick), and a hidden plate's ink is gone from exactly where it
 * printed. Needs Ghostscript.
 */
class PlateCompositeTests {

    private static final Path ICC = Path.of("..", "server", "src", "main", "resources", "icc", "profiles");
    private static final int DPI = 72;
    private static final String PANTONE = "PANTONE 185 C";

    private static SoftProof.Condition fogra39;
    private static ICC_ColorSpace cmyk;

    @TempDir
    Path dir;

    @BeforeAll
    static void condition() throws IOException {
        fogra39 = SoftProof.named("FOGRA39", ICC.resolve("fogra39.icc"));
        cmyk = new ICC_ColorSpace(ICC_Profile.getInstance(ICC.resolve("fogra39.icc").toString()));
    }

    /**
     * Cyan on the left, PANTONE 185 C (alternate 0/91/76/0) on the right, and in the middle PANTONE overprinting
     * cyan.
     */
    private Path page() throws Exception {
        return Pdfs.document().page(240, 80)
                .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 120, 80)
                .fill(Pdfs.spot(PANTONE, 1, 0, 0.91, 0.76, 0)).rect(160, 0, 80, 80)
                .save().overprint(true, true, 1).fill(Pdfs.spot(PANTONE, 1, 0, 0.91, 0.76, 0))
                .rect(80, 0, 40, 80).restore()
                .done().write(dir.resolve("plates.pdf"));
    }

    @Test
    void everyPlateVisibleMatchesTheSoftProofAndAHiddenPlateLeavesOnlyTheOthers() throws Exception {
        Path pdf = page();
        PageGeometry geometry;
        Map<String, float[]> spots;
        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            geometry = tiles.page(1);
            spots = tiles.spotInks(1, cmyk);
        }
        assertThat(spots).containsOnlyKeys(PANTONE);
        assertThat(spots.get(PANTONE)[1]).isCloseTo(0.91f, within(0.001f));
        assertThat(spots.get(PANTONE)[2]).isCloseTo(0.76f, within(0.001f));

        SeparationPage plates = new Separations("gs", dir.resolve("scratch"), Duration.ofSeconds(60))
                .render(pdf, geometry, DPI);
        SoftProof softProof = new SoftProof("gs", dir.resolve("proof"), Duration.ofSeconds(60));
        BufferedImage proof = softProof.renderImage(pdf, geometry, DPI, null, LayerToggles.NONE, List.of(), fogra39,
                PixelBudget.defaults());
        ProofLut lut = ProofLut.sample(softProof, fogra39, dir.resolve("lut"));

        BufferedImage all = PlateComposite.compose(plates, Set.of(), spots, lut);
        assertThat(all.getWidth()).isEqualTo(proof.getWidth());
        assertThat(all.getHeight()).isEqualTo(proof.getHeight());
        assertThat(worstBlock(all, proof)).as("every plate visible: the soft proof").isLessThanOrEqualTo(8);
        int cyan = rgb(all, 40, 40);
        int red = rgb(all, 200, 40);
        int both = rgb(all, 100, 40);
        // FOGRA39's solid cyan, as the soft-proof tests know it
        assertNear(cyan, 0x009FDE, 12);
        assertThat(red >> 16 & 0xFF).isGreaterThan(200);
        // the overprint: cyan plus PANTONE red makes a dark, not red and not cyan
        assertThat(both >> 16 & 0xFF).isLessThan(120);

        // the colour picker reads the same pixels, one at a time (PDF points: origin lower-left)
        assertThat(PlateComposite.rgbAt(plates, spots, lut, 40.5, 80 - 40.5)).isEqualTo(cyan);
        assertThat(PlateComposite.rgbAt(plates, spots, lut, 200.5, 80 - 40.5)).isEqualTo(red);
        assertThat(PlateComposite.rgbAt(plates, spots, lut, 100.5, 80 - 40.5)).isEqualTo(both);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PlateComposite.rgbAt(plates, spots, lut, 300, 10))
                .isInstanceOf(InvalidViewRequestException.class);

        BufferedImage noSpot = PlateComposite.compose(plates, Set.of(PANTONE), spots, lut);
        assertNear(rgb(noSpot, 200, 40), 0xFFFFFF, 3);
        assertThat(rgb(noSpot, 100, 40)).as("the cyan under the hidden spot").isEqualTo(rgb(noSpot, 40, 40));
        assertThat(rgb(noSpot, 40, 40)).isEqualTo(cyan);

        BufferedImage noCyan = PlateComposite.compose(plates, Set.of("Cyan"), spots, lut);
        assertNear(rgb(noCyan, 40, 40), 0xFFFFFF, 3);
        assertThat(rgb(noCyan, 100, 40)).as("the spot over the hidden cyan").isEqualTo(rgb(noCyan, 200, 40));
        assertThat(rgb(noCyan, 200, 40)).isEqualTo(red);
    }

    @Test
    void theSampledConversionIsGhostscriptsOwnBetweenItsGridPointsToo() throws Exception {
        // solid patches at grid levels and between them, each converted by Ghostscript's soft proof directly
        float[][] patches = {{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 1}, {0.5f, 0.3f, 0.1f, 0.2f},
                {0.97f, 0.51f, 0.03f, 0.77f}, {0.2f, 0.9f, 0.9f, 0.05f}};
        var doc = Pdfs.document().page(20 * patches.length, 20);
        for (int i = 0; i < patches.length; i++) {
            float[] p = patches[i];
            doc = doc.fill(Pdfs.cmyk(p[0], p[1], p[2], p[3])).rect(20 * i, 0, 20, 20);
        }
        Path pdf = doc.done().write(dir.resolve("patches.pdf"));
        SoftProof softProof = new SoftProof("gs", dir.resolve("proof"), Duration.ofSeconds(60));
        PageGeometry geometry;
        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            geometry = tiles.page(1);
        }
        BufferedImage proof = softProof.renderImage(pdf, geometry, DPI, null, LayerToggles.NONE, List.of(), fogra39,
                PixelBudget.defaults());
        ProofLut lut = ProofLut.sample(softProof, fogra39, dir.resolve("lut"));
        for (int i = 0; i < patches.length; i++) {
            float[] p = patches[i];
            int ours = lut.rgb(Math.round(p[0] * 255), Math.round(p[1] * 255), Math.round(p[2] * 255),
                    Math.round(p[3] * 255));
            assertNear(ours, rgb(proof, 20 * i + 10, 10), i < 3 ? 1 : 3);
        }
        // a tag-less (damaged) output-intent profile: Java's colour engine cannot link it; whatever Ghostscript makes
        // of it in a tile, the table sampled from Ghostscript makes of it too
        Path broken = dir.resolve("tagless.icc");
        byte[] header = new byte[128];
        java.nio.ByteBuffer.wrap(header).putInt(0, 128).putInt(12, 0x70727472).putInt(16, 0x434D594B)
                .putInt(20, 0x4C616220).putInt(36, 0x61637370);
        java.nio.file.Files.write(broken, header);
        var tagless = new SoftProof.Condition("output_intent", "broken", broken, "0".repeat(64), false);
        ProofLut sampledBroken = ProofLut.sample(softProof, tagless, dir.resolve("lut2"));
        BufferedImage proofBroken = softProof.renderImage(pdf, geometry, DPI, null, LayerToggles.NONE, List.of(),
                tagless, PixelBudget.defaults());
        for (int i = 0; i < patches.length; i++) {
            float[] p = patches[i];
            assertNear(sampledBroken.rgb(Math.round(p[0] * 255), Math.round(p[1] * 255), Math.round(p[2] * 255),
                    Math.round(p[3] * 255)), rgb(proofBroken, 20 * i + 10, 10), i < 3 ? 1 : 3);
        }
    }

    @Test
    void spotEquivalentsComeFromEachAlternateThroughTheCondition() throws Exception {
        Path pdf = Pdfs.document().page(100, 100)
                .fill(Pdfs.deviceN(List.of("Gold", "Silver", "Cyan"), new double[] {1, 1, 1},
                        new double[][] {{0, 0.3, 1, 0}, {0.2, 0.2, 0.2, 0}, {1, 0, 0, 0}})).rect(0, 0, 50, 50)
                .form(100, 100, f -> f.fill(Pdfs.spot("Rule", 1, 0, 0, 0, 0.5)).rect(50, 50, 10, 10))
                .done().write(dir.resolve("inks.pdf"));
        Map<String, float[]> spots;
        try (TileRenderer tiles = TileRenderer.open(pdf, 64L << 20, PixelBudget.defaults())) {
            spots = tiles.spotInks(1, cmyk);
        }
        // each DeviceN ink alone at full tint; Cyan is a process ink, not a spot; a form's spot is found too
        assertThat(spots).containsOnlyKeys("Gold", "Silver", "Rule");
        assertThat(spots.get("Gold")).containsExactly(new float[] {0, 0.3f, 1, 0}, within(0.001f));
        assertThat(spots.get("Silver")).containsExactly(new float[] {0.2f, 0.2f, 0.2f, 0}, within(0.001f));
        assertThat(spots.get("Rule")).containsExactly(new float[] {0, 0, 0, 0.5f}, within(0.001f));
    }

    private static int worstBlock(BufferedImage a, BufferedImage b) {
        int worst = 0;
        for (int by = 0; by + 4 <= a.getHeight(); by += 4) {
            for (int bx = 0; bx + 4 <= a.getWidth(); bx += 4) {
                for (int shift = 0; shift <= 16; shift += 8) {
                    worst = Math.max(worst, Math.abs(SoftProofTests.blockMean(a, bx, by, shift)
                            - SoftProofTests.blockMean(b, bx, by, shift)));
                }
            }
        }
        return worst;
    }

    private static int rgb(BufferedImage image, int x, int y) {
        return image.getRGB(x, y) & 0xFFFFFF;
    }

    private static void assertNear(int actual, int expected, int tolerance) {
        for (int shift = 0; shift <= 16; shift += 8) {
            assertThat(Math.abs((actual >> shift & 0xFF) - (expected >> shift & 0xFF)))
                    .as("%06X vs %06X", actual, expected).isLessThanOrEqualTo(tolerance);
        }
    }
}
