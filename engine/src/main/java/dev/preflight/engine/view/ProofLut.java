package dev.preflight.engine.view;

import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.RenderException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * The soft proof's own CMYK-to-screen conversion, sampled: Ghostscript renders one page holding every combination
 * of {@value #STEPS} levels of each process ink (83,521 pixels, one image pixel per device pixel) through exactly the
 * options and output condition a tile is rendered with, and a colour in between is interpolated from the 16 grid
 * colours around it (quadrilinear), as a colour engine's lookup table does. Whatever Ghostscript does to CMYK on the
 * way to the screen (its colour engine, rendering intent, black point handling, the proof profile's round trip, a
 * damaged output-intent profile it gets past) is therefore what pictures composed from the separations show too.
 */
public final class ProofLut {

    /** Grid levels per ink: 0, 16, 32 ... 240, 255 in 8 bits. */
    static final int STEPS = 17;
    private static final int SIDE = STEPS * STEPS;

    /** sRGB of each grid point, index ((c * STEPS + m) * STEPS + y) * STEPS + k. */
    private final int[] grid;

    private ProofLut(int[] grid) {
        this.grid = grid;
    }

    /** The 8-bit value of grid level {@code i}. */
    static int level(int i) {
        return Math.min(255, i * 16);
    }

    /**
     * Samples the conversion of a condition.
     *
     * @param scratch a directory for the grid's PDF (deleted afterwards)
     */
    public static ProofLut sample(SoftProof proof, SoftProof.Condition condition, Path scratch)
            throws IOException, RenderException, UnreadablePdfException, PixelBudgetExceededException {
        Files.createDirectories(scratch);
        Path pdf = Files.createTempFile(scratch, "proof-lut-", ".pdf");
        try {
            writeGrid(pdf);
            PageGeometry page;
            try (TileRenderer tiles = TileRenderer.open(pdf, 16L << 20, PixelBudget.defaults())) {
                page = tiles.page(1);
            }
            BufferedImage image = proof.renderImage(pdf, page, 72, null, LayerToggles.NONE, List.of(), condition,
                    PixelBudget.defaults());
            if (image.getWidth() != SIDE || image.getHeight() != SIDE) {
                throw new IOException("the proof of the colour grid is " + image.getWidth() + "x" + image.getHeight()
                        + " pixels, not " + SIDE + "x" + SIDE);
            }
            int[] grid = new int[SIDE * SIDE];
            for (int c = 0; c < STEPS; c++) {
                for (int m = 0; m < STEPS; m++) {
                    for (int y = 0; y < STEPS; y++) {
                        for (int k = 0; k < STEPS; k++) {
                            grid[((c * STEPS + m) * STEPS + y) * STEPS + k] =
                                    image.getRGB(c * STEPS + m, y * STEPS + k) & 0xFFFFFF;
                        }
                    }
                }
            }
            return new ProofLut(grid);
        } finally {
            Files.deleteIfExists(pdf);
        }
    }

    /** A page of SIDE x SIDE points holding the grid as one DeviceCMYK image of SIDE x SIDE pixels. */
    private static void writeGrid(Path pdf) throws IOException {
        byte[] samples = new byte[SIDE * SIDE * 4];
        for (int c = 0; c < STEPS; c++) {
            for (int m = 0; m < STEPS; m++) {
                for (int y = 0; y < STEPS; y++) {
                    for (int k = 0; k < STEPS; k++) {
                        int o = ((y * STEPS + k) * SIDE + c * STEPS + m) * 4;
                        samples[o] = (byte) level(c);
                        samples[o + 1] = (byte) level(m);
                        samples[o + 2] = (byte) level(y);
                        samples[o + 3] = (byte) level(k);
                    }
                }
            }
        }
        var deflated = new ByteArrayOutputStream();
        try (var out = new DeflaterOutputStream(deflated, new Deflater(Deflater.BEST_SPEED))) {
            out.write(samples);
        }
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage(new PDRectangle(SIDE, SIDE));
            doc.addPage(page);
            var image = new PDImageXObject(doc, new java.io.ByteArrayInputStream(deflated.toByteArray()),
                    org.apache.pdfbox.cos.COSName.FLATE_DECODE, SIDE, SIDE, 8, PDDeviceCMYK.INSTANCE);
            try (var cs = new PDPageContentStream(doc, page)) {
                cs.drawImage(image, 0, 0, SIDE, SIDE);
            }
            doc.save(pdf.toFile());
        }
    }

    /** The screen colour of an ink combination (each 0..255), as {@code 0xRRGGBB}. */
    public int rgb(int c, int m, int y, int k) {
        int[] lo = new int[4];
        int[] frac = new int[4];
        int[] v = {c, m, y, k};
        for (int i = 0; i < 4; i++) {
            int x = Math.max(0, Math.min(255, v[i]));
            // levels 0, 16, ..., 240 and then 255: the last cell is 15 wide
            int cell = Math.min(STEPS - 2, x / 16);
            int width = cell == STEPS - 2 ? 15 : 16;
            lo[i] = cell;
            frac[i] = Math.min(width, x - cell * 16) * 256 / width;
        }
        long r = 0;
        long g = 0;
        long b = 0;
        for (int corner = 0; corner < 16; corner++) {
            long weight = 1;
            int index = 0;
            for (int i = 0; i < 4; i++) {
                boolean up = (corner >> i & 1) == 1;
                weight *= up ? frac[i] : 256 - frac[i];
                index = index * STEPS + lo[i] + (up ? 1 : 0);
            }
            if (weight == 0) {
                continue;
            }
            int p = grid[index];
            r += weight * (p >> 16 & 0xFF);
            g += weight * (p >> 8 & 0xFF);
            b += weight * (p & 0xFF);
        }
        long total = 1L << 32;
        int rr = (int) ((r + total / 2) >> 32);
        int gg = (int) ((g + total / 2) >> 32);
        int bb = (int) ((b + total / 2) >> 32);
        return rr << 16 | gg << 8 | bb;
    }

    /** Interleaved 8-bit CMYK samples as an sRGB image. */
    public BufferedImage convert(byte[] cmyk, int width, int height) {
        var out = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] row = new int[width];
        // neighbouring pixels often share a colour: convert each run once
        boolean converted = false;
        int lastKey = 0;
        int lastRgb = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int o = (y * width + x) * 4;
                int key = (cmyk[o] & 0xFF) << 24 | (cmyk[o + 1] & 0xFF) << 16 | (cmyk[o + 2] & 0xFF) << 8
                        | (cmyk[o + 3] & 0xFF);
                if (!converted || key != lastKey) {
                    converted = true;
                    lastKey = key;
                    lastRgb = rgb(cmyk[o] & 0xFF, cmyk[o + 1] & 0xFF, cmyk[o + 2] & 0xFF, cmyk[o + 3] & 0xFF);
                }
                row[x] = lastRgb;
            }
            out.setRGB(0, y, width, 1, row, 0, width);
        }
        return out;
    }
}
