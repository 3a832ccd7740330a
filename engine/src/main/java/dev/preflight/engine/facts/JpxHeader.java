package dev.preflight.engine.facts;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads the image size of a JPEG 2000 image (a JP2/JPX file or a bare codestream) from its headers, without decoding
 * it. PDFBox decodes a JPXDecode image completely the first time its width, height or bits per component are asked
 * for, only to copy those values from the codestream into the image dictionary; for a plain image whose dictionary
 * already says the same, that decode changes nothing and can be skipped.
 */
final class JpxHeader {

    private static final int MAX_BOXES = 64;
    private static final int SOC = 0xFF4F;
    private static final int SIZ = 0xFF51;

    private JpxHeader() {
    }

    /**
     * {width, height} of the codestream when the image is plain: 1, 3 or 4 components of 8 unsigned bits at full
     * resolution, and (in a JP2/JPX file) no palette, component mapping or channel definition box, so that every
     * JPEG 2000 reader gives it 8 bits per component. Null when it is not plain or the headers cannot be read.
     */
    static int[] plainSize(InputStream raw) {
        try {
            byte[] head = raw.readNBytes(4);
            if (head.length < 4) {
                return null;
            }
            if (u16(head, 0) == SOC && u16(head, 2) == SIZ) {
                return siz(raw);
            }
            return boxes(raw, u32(head, 0));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Walks the top-level boxes (the first one's length already read) to the contiguous codestream box. */
    private static int[] boxes(InputStream in, long firstLength) throws IOException {
        long length = firstLength;
        for (int i = 0; i < MAX_BOXES; i++) {
            byte[] type = in.readNBytes(4);
            if (type.length < 4) {
                return null;
            }
            long header = 8;
            if (length == 1) {
                byte[] xl = in.readNBytes(8);
                if (xl.length < 8) {
                    return null;
                }
                length = (u32(xl, 0) << 32) | u32(xl, 4);
                header = 16;
            }
            String t = new String(type, java.nio.charset.StandardCharsets.ISO_8859_1);
            if (t.equals("jp2c")) {
                byte[] marks = in.readNBytes(4);
                return marks.length == 4 && u16(marks, 0) == SOC && u16(marks, 2) == SIZ ? siz(in) : null;
            }
            if (length == 0 || length < header) {
                return null; // a box running to the end of the file before any codestream
            }
            if (t.equals("jp2h")) {
                if (!plainHeaderBox(in, length - header)) {
                    return null;
                }
            } else {
                in.skipNBytes(length - header);
            }
            byte[] next = in.readNBytes(4);
            if (next.length < 4) {
                return null;
            }
            length = u32(next, 0);
        }
        return null;
    }

    /** Reads the JP2 header superbox; false when it holds a box that changes how components become colours. */
    private static boolean plainHeaderBox(InputStream in, long size) throws IOException {
        long left = size;
        while (left > 0) {
            byte[] h = in.readNBytes(8);
            if (h.length < 8) {
                return false;
            }
            long length = u32(h, 0);
            String t = new String(h, 4, 4, java.nio.charset.StandardCharsets.ISO_8859_1);
            if (length < 8 || length > left || t.equals("pclr") || t.equals("cmap") || t.equals("cdef")) {
                return false;
            }
            in.skipNBytes(length - 8);
            left -= length;
        }
        return left == 0;
    }

    /** The SIZ marker segment after its marker: image size, and whether the components are plain. */
    private static int[] siz(InputStream in) throws IOException {
        byte[] s = in.readNBytes(38);
        if (s.length < 38) {
            return null;
        }
        // Lsiz(2) Rsiz(2) Xsiz Ysiz XOsiz YOsiz XTsiz YTsiz XTOsiz YTOsiz (4 each) Csiz(2)
        long width = u32(s, 4) - u32(s, 12);
        long height = u32(s, 8) - u32(s, 16);
        int components = u16(s, 36);
        if (width <= 0 || height <= 0 || width > Integer.MAX_VALUE || height > Integer.MAX_VALUE
                || (components != 1 && components != 3 && components != 4)) {
            return null;
        }
        byte[] c = in.readNBytes(3 * components);
        if (c.length < 3 * components) {
            return null;
        }
        for (int i = 0; i < components; i++) {
            // Ssiz 7: unsigned, 8 bits; XRsiz, YRsiz 1: not subsampled
            if ((c[3 * i] & 0xFF) != 7 || c[3 * i + 1] != 1 || c[3 * i + 2] != 1) {
                return null;
            }
        }
        return new int[] {(int) width, (int) height};
    }

    private static int u16(byte[] b, int p) {
        return ((b[p] & 0xFF) << 8) | (b[p + 1] & 0xFF);
    }

    private static long u32(byte[] b, int p) {
        return ((b[p] & 0xFFL) << 24) | ((b[p + 1] & 0xFFL) << 16) | ((b[p + 2] & 0xFFL) << 8) | (b[p + 3] & 0xFFL);
    }
}
