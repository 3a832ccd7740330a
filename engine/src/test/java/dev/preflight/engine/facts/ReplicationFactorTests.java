package dev.preflight.engine.facts;

import org.junit.jupiter.api.Test;

import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayInputStream;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The streamed 8-bit replication measure gives exactly what the raster measure gives, and stops early on photos. */
class ReplicationFactorTests {

    /** A w x h image of bands 8-bit samples, each source pixel repeated factorX x factorY times. */
    private static byte[] image(int w, int h, int bands, int factorX, int factorY, long seed) {
        Random r = new Random(seed);
        int sw = (w + factorX - 1) / factorX;
        int sh = (h + factorY - 1) / factorY;
        byte[] src = new byte[sw * sh * bands];
        r.nextBytes(src);
        byte[] out = new byte[w * h * bands];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                for (int b = 0; b < bands; b++) {
                    out[(y * w + x) * bands + b] = src[((y / factorY) * sw + x / factorX) * bands + b];
                }
            }
        }
        return out;
    }

    private static Raster raster(byte[] data, int w, int h, int bands) {
        WritableRaster r = Raster.createInterleavedRaster(DataBuffer.TYPE_BYTE, w, h, bands, null);
        int[] px = new int[bands];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                for (int b = 0; b < bands; b++) {
                    px[b] = data[(y * w + x) * bands + b] & 0xFF;
                }
                r.setPixel(x, y, px);
            }
        }
        return r;
    }

    private static void same(byte[] data, int w, int h, int bands, int expected) throws Exception {
        Integer streamed = ImageTally.replicationFactor(new ByteArrayInputStream(data), w, h, bands);
        assertThat(streamed).isEqualTo(ImageTally.replicationFactor(raster(data, w, h, bands)));
        assertThat(streamed).isEqualTo(expected);
    }

    @Test
    void streamedMeasureAgreesWithTheRasterMeasure() throws Exception {
        same(image(40, 30, 3, 1, 1, 1), 40, 30, 3, 1);
        same(image(40, 30, 4, 2, 2, 2), 40, 30, 4, 2);
        same(image(60, 45, 1, 3, 3, 3), 60, 45, 1, 3);
        same(image(40, 40, 3, 4, 2, 4), 40, 40, 3, 2);
        same(new byte[32 * 8 * 3], 32, 8, 3, 1);
    }

    @Test
    void aPhotoIsJudgedFromItsFirstRowsAndShortDataDefersToTheRaster() throws Exception {
        byte[] photo = image(100, 100, 3, 1, 1, 7);
        var in = new ByteArrayInputStream(photo);
        assertThat(ImageTally.replicationFactor(in, 100, 100, 3)).isEqualTo(1);
        assertThat(in.available()).as("bytes left unread").isEqualTo(photo.length - 2 * 300);
        assertThat(ImageTally.replicationFactor(new ByteArrayInputStream(new byte[100]), 100, 100, 3)).isNull();
    }
}
