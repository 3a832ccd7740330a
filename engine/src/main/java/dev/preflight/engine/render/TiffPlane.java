package dev.preflight.engine.render;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads one separation file of Ghostscript's {@code tiffsep} device: a baseline TIFF holding one 8-bit greyscale
 * image in one or more strips, uncompressed or PackBits. Samples are returned as stored (tiffsep writes 255 for no
 * ink). Written for exactly what the device produces, which ImageIO read about five times slower; any other TIFF
 * (tiles, other compressions or depths, BigTIFF, offsets outside the file) is refused with an {@link IOException}.
 */
final class TiffPlane {

    private static final int IMAGE_WIDTH = 256;
    private static final int IMAGE_LENGTH = 257;
    private static final int BITS_PER_SAMPLE = 258;
    private static final int COMPRESSION = 259;
    private static final int STRIP_OFFSETS = 273;
    private static final int SAMPLES_PER_PIXEL = 277;
    private static final int ROWS_PER_STRIP = 278;
    private static final int STRIP_BYTE_COUNTS = 279;
    private static final int PREDICTOR = 317;
    private static final int TILE_WIDTH = 322;
    private static final int COMPRESSION_NONE = 1;
    private static final int COMPRESSION_PACKBITS = 32773;

    private TiffPlane() {
    }

    /**
     * The plane of a TIFF file's first image.
     *
     * @param maxPixels largest image accepted, checked before anything is allocated for it
     */
    static Plane read(byte[] file, long maxPixels) throws IOException {
        if (file.length < 8) {
            throw new IOException("too short for a TIFF file");
        }
        ByteBuffer b = ByteBuffer.wrap(file);
        if (file[0] == 'I' && file[1] == 'I') {
            b.order(ByteOrder.LITTLE_ENDIAN);
        } else if (file[0] == 'M' && file[1] == 'M') {
            b.order(ByteOrder.BIG_ENDIAN);
        } else {
            throw new IOException("not a TIFF file");
        }
        if (b.getShort(2) != 42) {
            throw new IOException("not a classic TIFF file (version " + b.getShort(2) + ")");
        }
        long ifd = b.getInt(4) & 0xffffffffL;
        if (ifd + 2 > file.length) {
            throw new IOException("the image directory lies outside the file");
        }
        int entries = b.getShort((int) ifd) & 0xffff;
        if (ifd + 2 + 12L * entries > file.length) {
            throw new IOException("the image directory runs past the end of the file");
        }
        long width = -1;
        long height = -1;
        int bits = 1;
        int samples = 1;
        int compression = COMPRESSION_NONE;
        long rowsPerStrip = Long.MAX_VALUE;
        long[] offsets = null;
        long[] counts = null;
        for (int e = 0; e < entries; e++) {
            int at = (int) ifd + 2 + 12 * e;
            int tag = b.getShort(at) & 0xffff;
            switch (tag) {
                case IMAGE_WIDTH -> width = single(b, at);
                case IMAGE_LENGTH -> height = single(b, at);
                case BITS_PER_SAMPLE -> bits = (int) single(b, at);
                case SAMPLES_PER_PIXEL -> samples = (int) single(b, at);
                case COMPRESSION -> compression = (int) single(b, at);
                case ROWS_PER_STRIP -> rowsPerStrip = single(b, at);
                case STRIP_OFFSETS -> offsets = values(b, at, file.length);
                case STRIP_BYTE_COUNTS -> counts = values(b, at, file.length);
                case PREDICTOR -> {
                    if (single(b, at) != 1) {
                        throw new IOException("a TIFF predictor is not supported");
                    }
                }
                case TILE_WIDTH -> throw new IOException("tiled TIFF is not supported");
                default -> {
                    // descriptive tags (photometric, resolution, software, date...) do not change the samples
                }
            }
        }
        if (width < 1 || height < 1 || bits != 8 || samples != 1) {
            throw new IOException("not an 8-bit greyscale plane (" + width + " x " + height + ", " + bits
                    + " bits, " + samples + " samples)");
        }
        if (width * height > maxPixels) {
            throw new IOException("a plane of " + width + " x " + height + " pixels, more than the " + maxPixels
                    + " allowed");
        }
        if (compression != COMPRESSION_NONE && compression != COMPRESSION_PACKBITS) {
            throw new IOException("TIFF compression " + compression + " is not supported");
        }
        if (offsets == null || counts == null || offsets.length != counts.length) {
            throw new IOException("the strips of the plane are not described");
        }
        int w = (int) width;
        int h = (int) height;
        byte[] plane = new byte[w * h];
        long stripBytes = Math.min(rowsPerStrip, h) * (long) w;
        int done = 0;
        for (int s = 0; s < offsets.length && done < plane.length; s++) {
            if (offsets[s] + counts[s] > file.length) {
                throw new IOException("strip " + s + " lies outside the file");
            }
            int want = (int) Math.min(stripBytes, plane.length - done);
            int got = compression == COMPRESSION_NONE
                    ? copy(file, (int) offsets[s], (int) counts[s], plane, done, want)
                    : unpack(file, (int) offsets[s], (int) counts[s], plane, done, want);
            if (got != want) {
                throw new IOException("strip " + s + " holds " + got + " of its " + want + " bytes");
            }
            done += got;
        }
        if (done != plane.length) {
            throw new IOException("the strips hold " + done + " of the plane's " + plane.length + " bytes");
        }
        return new Plane(w, h, plane);
    }

    /**
     * An 8-bit plane.
     *
     * @param width   pixels per row
     * @param height  rows
     * @param samples {@code width * height} samples, row-major
     */
    record Plane(int width, int height, byte[] samples) {
    }

    private static int copy(byte[] file, int from, int count, byte[] into, int at, int want) {
        int n = Math.min(count, want);
        System.arraycopy(file, from, into, at, n);
        return n;
    }

    /** PackBits: a header byte n; 0..127 copies n + 1 bytes, -127..-1 repeats the next byte 1 - n times. */
    private static int unpack(byte[] file, int from, int count, byte[] into, int at, int want) throws IOException {
        int in = from;
        int end = from + count;
        int out = at;
        int limit = at + want;
        while (in < end && out < limit) {
            int n = file[in++];
            if (n >= 0) {
                int len = n + 1;
                if (in + len > end || out + len > limit) {
                    throw new IOException("a PackBits run crosses the end of its strip");
                }
                System.arraycopy(file, in, into, out, len);
                in += len;
                out += len;
            } else if (n != -128) {
                int len = 1 - n;
                if (in >= end || out + len > limit) {
                    throw new IOException("a PackBits run crosses the end of its strip");
                }
                java.util.Arrays.fill(into, out, out + len, file[in++]);
                out += len;
            }
        }
        return out - at;
    }

    private static long single(ByteBuffer b, int entry) throws IOException {
        int type = b.getShort(entry + 2) & 0xffff;
        long count = b.getInt(entry + 4) & 0xffffffffL;
        if (count < 1) {
            throw new IOException("a TIFF tag without a value");
        }
        return switch (type) {
            case 3 -> b.getShort(entry + 8) & 0xffff;
            case 4 -> b.getInt(entry + 8) & 0xffffffffL;
            default -> throw new IOException("a TIFF tag of type " + type + " where a number was expected");
        };
    }

    private static long[] values(ByteBuffer b, int entry, int fileLength) throws IOException {
        int type = b.getShort(entry + 2) & 0xffff;
        long count = b.getInt(entry + 4) & 0xffffffffL;
        int size = switch (type) {
            case 3 -> 2;
            case 4 -> 4;
            default -> throw new IOException("strip offsets or counts of TIFF type " + type);
        };
        if (count < 1 || count > fileLength) {
            throw new IOException("a TIFF strip table of " + count + " entries");
        }
        long at = count * size <= 4 ? entry + 8 : b.getInt(entry + 8) & 0xffffffffL;
        if (at + count * size > fileLength) {
            throw new IOException("a TIFF strip table lies outside the file");
        }
        long[] out = new long[(int) count];
        for (int i = 0; i < count; i++) {
            int p = (int) (at + (long) i * size);
            out[i] = size == 2 ? b.getShort(p) & 0xffff : b.getInt(p) & 0xffffffffL;
        }
        return out;
    }
}
