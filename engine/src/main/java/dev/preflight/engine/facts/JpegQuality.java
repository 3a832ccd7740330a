package dev.preflight.engine.facts;

import java.io.IOException;
import java.io.InputStream;

/**
 * Estimates a JPEG's quality from its luminance quantisation table, without decoding it. Encoders derived from the
 * IJG library (libjpeg, Photoshop's "baseline" exports, Java ImageIO, most PDF writers) scale the standard table of
 * ITU-T T.81 Annex K by a factor that the quality setting decides; the ratio of the table's sum to the standard's
 * recovers that factor, and the IJG formula turns it back into a quality from 1 to 100. Entries the encoder clamped
 * (to 1 at high quality, to the largest value at low quality) say nothing about the factor and are left out.
 */
final class JpegQuality {

    /** ITU-T T.81 Table K.1, the luminance table at quality 50, in natural (row) order. */
    private static final int[] STANDARD_LUMINANCE = {
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99};
    /** The natural index of each entry in the zig-zag order a DQT segment stores them in (T.81 Figure A.6). */
    private static final int[] ZIGZAG = {
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14,
        21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53,
        60, 61, 54, 47, 55, 62, 63};
    private static final int MAX_SEGMENTS = 256;
    private static final int SOI = 0xD8;
    private static final int DQT = 0xDB;
    private static final int SOS = 0xDA;
    private static final int EOI = 0xD9;

    private JpegQuality() {
    }

    /** The estimated quality (1 to 100), or null when the stream has no readable luminance table before its scan. */
    static Integer estimate(InputStream raw) {
        try {
            if (raw.read() != 0xFF || raw.read() != SOI) {
                return null;
            }
            for (int segment = 0; segment < MAX_SEGMENTS; segment++) {
                int b = raw.read();
                if (b != 0xFF) {
                    return null;
                }
                int marker = raw.read();
                while (marker == 0xFF) {
                    marker = raw.read();
                }
                if (marker < 0 || marker == SOS || marker == EOI) {
                    return null;
                }
                if (marker >= 0xD0 && marker <= 0xD7 || marker == 0x01) {
                    continue; // markers without a length
                }
                int length = (raw.read() << 8) | raw.read();
                if (length < 2) {
                    return null;
                }
                if (marker == DQT) {
                    Integer q = luminance(raw, length - 2);
                    if (q != null) {
                        return q;
                    }
                } else {
                    raw.skipNBytes(length - 2);
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    /** Reads the tables of one DQT segment; the quality of table 0 (luminance) when it is among them. */
    private static Integer luminance(InputStream raw, int length) throws IOException {
        int left = length;
        while (left > 0) {
            int pqTq = raw.read();
            if (pqTq < 0) {
                return null;
            }
            boolean sixteen = (pqTq >> 4) == 1;
            int id = pqTq & 0x0F;
            int[] table = new int[64];
            for (int i = 0; i < 64; i++) {
                int v = sixteen ? (raw.read() << 8) | raw.read() : raw.read();
                if (v < 0) {
                    return null;
                }
                table[i] = v;
            }
            left -= 1 + (sixteen ? 128 : 64);
            if (id == 0) {
                return quality(table, sixteen ? 32767 : 255);
            }
        }
        return null;
    }

    /** The IJG quality whose scaling of the standard table gives this table (zig-zag order). */
    static int quality(int[] zigzagTable, int largest) {
        long sum = 0;
        long standard = 0;
        int ones = 0;
        for (int k = 0; k < 64; k++) {
            int v = zigzagTable[k];
            if (v <= 1) {
                ones++;
            } else if (v < largest) {
                sum += v;
                standard += STANDARD_LUMINANCE[ZIGZAG[k]];
            }
        }
        if (standard == 0) {
            return ones == 64 ? 100 : 1;
        }
        double scale = 100.0 * sum / standard;
        double q = scale <= 100 ? (200 - scale) / 2 : 5000 / scale;
        return (int) Math.max(1, Math.min(100, Math.round(q)));
    }
}
