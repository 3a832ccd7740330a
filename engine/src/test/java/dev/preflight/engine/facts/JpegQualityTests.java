package dev.preflight.engine.facts;

import org.junit.jupiter.api.Test;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/** The IJG quality of a JPEG, read back from the quantisation table an encoder wrote. */
class JpegQualityTests {

    private static byte[] jpeg(float quality) throws IOException {
        BufferedImage img = new BufferedImage(32, 32, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 32; y++) {
            for (int x = 0; x < 32; x++) {
                img.setRGB(x, y, (x * 8) << 16 | (y * 8) << 8 | ((x + y) * 4));
            }
        }
        ImageWriter w = ImageIO.getImageWritersByFormatName("jpeg").next();
        var out = new ByteArrayOutputStream();
        try (var ios = new MemoryCacheImageOutputStream(out)) {
            w.setOutput(ios);
            ImageWriteParam p = w.getDefaultWriteParam();
            p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            p.setCompressionQuality(quality);
            w.write(null, new IIOImage(img, null, null), p);
        } finally {
            w.dispose();
        }
        return out.toByteArray();
    }

    @Test
    void readsBackTheQualityTheEncoderUsed() throws IOException {
        for (int q : new int[] {5, 10, 30, 49, 50, 51, 75, 90, 98}) {
            Integer estimated = JpegQuality.estimate(new ByteArrayInputStream(jpeg(q / 100f)));
            assertThat(estimated).as("quality " + q).isNotNull();
            assertThat((double) estimated).as("quality " + q).isCloseTo(q, org.assertj.core.data.Offset.offset(1.0));
        }
    }

    @Test
    void damagedOrForeignDataHasNoQuality() throws IOException {
        assertThat(JpegQuality.estimate(new ByteArrayInputStream(new byte[] {1, 2, 3}))).isNull();
        byte[] cut = java.util.Arrays.copyOf(jpeg(0.5f), 30);
        assertThat(JpegQuality.estimate(new ByteArrayInputStream(cut))).isNull();
        assertThat(JpegQuality.estimate(new ByteArrayInputStream(new byte[] {(byte) 0xFF, (byte) 0xD8,
                (byte) 0xFF, (byte) 0xDA, 0, 2}))).isNull();
    }
}
