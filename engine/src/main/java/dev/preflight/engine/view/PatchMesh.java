package dev.preflight.engine.view;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSStream;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The patches of a Coons (type 6) or tensor-product (type 7) patch mesh shading, read once from its stream: every
 * patch as its sixteen control points in shading space and its four corner colours (or parametric values when the
 * shading has a /Function), continuation patches (flags 1 to 3) already expanded from the patch before them.
 *
 * <p>Control point {@code p(i,j)} of a patch lies at {@code points[base + (i * 4 + j) * 2]} (x, then y), {@code i}
 * running along the surface's u and {@code j} along its v, as ISO 32000 numbers them; a Coons patch's four inner
 * points are computed from its boundary with the specification's formulas, so both types are drawn as tensor
 * patches. Corner colours are stored in the stream's order: {@code (u,v) = (0,0), (0,1), (1,1), (1,0)}.
 *
 * <p>Bits are read one after the other across patch boundaries, as PDFBox reads them; with the bit depths
 * producers write (8-bit flags, 16- or 32-bit coordinates, 8- or 16-bit colours) every patch fills whole bytes
 * anyway. A stream that ends inside a patch ends the mesh before that patch.
 */
final class PatchMesh {

    /** More patches than this are left to PDFBox (and a render budget): no real artwork comes near it. */
    static final int MAX_PATCHES = 500_000;
    /** Largest decoded mesh stream read. */
    static final int MAX_BYTES = 64 << 20;

    /** Stream order of a patch's control points as {@code i * 4 + j}. */
    private static final int[] STREAM_ORDER = {0, 1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 4, 5, 6, 10, 9};

    final int count;
    /** Values per corner colour: 1 (the parametric value t) with a /Function, else the colour space's components. */
    final int components;
    /** 32 floats per patch: the control points in shading space. */
    final float[] points;
    /** {@code 4 * components} floats per patch. */
    final float[] colours;
    /** The /Decode range of each colour value, for quantising it. */
    final float[] colourMin;
    final float[] colourMax;

    private PatchMesh(int count, int components, float[] points, float[] colours, float[] colourMin,
                      float[] colourMax) {
        this.count = count;
        this.components = components;
        this.points = points;
        this.colours = colours;
        this.colourMin = colourMin;
        this.colourMax = colourMax;
    }

    /**
     * Reads the mesh of a type 6 or 7 shading stream.
     *
     * @param components values per corner colour (1 when the shading has a /Function)
     * @return null when the stream is not a mesh this reader takes (bad bit depths or /Decode, too large)
     */
    static PatchMesh read(COSStream stream, int type, int components) throws IOException {
        int bitsPerFlag = stream.getInt(COSName.BITS_PER_FLAG, -1);
        int bitsPerCoordinate = stream.getInt(COSName.BITS_PER_COORDINATE, -1);
        int bitsPerComponent = stream.getInt(COSName.BITS_PER_COMPONENT, -1);
        if ((type != 6 && type != 7) || components < 1 || components > 32
                || (bitsPerFlag != 2 && bitsPerFlag != 4 && bitsPerFlag != 8)
                || !Arrays.asList(1, 2, 4, 8, 12, 16, 24, 32).contains(bitsPerCoordinate)
                || !Arrays.asList(1, 2, 4, 8, 12, 16).contains(bitsPerComponent)) {
            return null;
        }
        float[] decode = decode(stream, 4 + 2 * components);
        if (decode == null || decode[0] == decode[1] || decode[2] == decode[3]) {
            return null;
        }
        byte[] data;
        try (InputStream in = stream.createInputStream()) {
            data = in.readNBytes(MAX_BYTES + 1);
        }
        if (data.length > MAX_BYTES) {
            return null;
        }
        var bits = new BitReader(data);
        double coordinateMax = Math.pow(2, bitsPerCoordinate) - 1;
        double colourMaxRaw = Math.pow(2, bitsPerComponent) - 1;
        int readPoints = type == 7 ? 16 : 12;
        float[] colourMin = new float[components];
        float[] colourMax = new float[components];
        for (int c = 0; c < components; c++) {
            colourMin[c] = decode[4 + 2 * c];
            colourMax[c] = decode[5 + 2 * c];
        }

        float[] points = new float[64 * 32];
        float[] colours = new float[64 * 4 * components];
        int count = 0;
        float[] stream16 = new float[32];
        float[] corner = new float[4 * components];
        while (count < MAX_PATCHES) {
            if (!bits.has(bitsPerFlag)) {
                break;
            }
            int flag = (int) (bits.read(bitsPerFlag) & 3);
            int firstPoint = 0;
            int firstColour = 0;
            if (flag != 0) {
                if (count == 0) {
                    break;
                }
                // the shared edge and its two colours come from the patch before, in stream order
                int prev = (count - 1) * 32;
                int prevColour = (count - 1) * 4 * components;
                int from = 3 * flag;
                for (int k = 0; k < 4; k++) {
                    int at = STREAM_ORDER[(from + k) % 12] * 2;
                    stream16[k * 2] = points[prev + at];
                    stream16[k * 2 + 1] = points[prev + at + 1];
                }
                for (int k = 0; k < 2; k++) {
                    System.arraycopy(colours, prevColour + ((flag + k) % 4) * components, corner, k * components,
                            components);
                }
                firstPoint = 4;
                firstColour = 2;
            }
            int need = (readPoints - firstPoint) * 2 * bitsPerCoordinate
                    + (4 - firstColour) * components * bitsPerComponent;
            if (!bits.has(need)) {
                break;
            }
            for (int k = firstPoint; k < readPoints; k++) {
                stream16[k * 2] = (float) (decode[0] + bits.read(bitsPerCoordinate) * (decode[1] - decode[0])
                        / coordinateMax);
                stream16[k * 2 + 1] = (float) (decode[2] + bits.read(bitsPerCoordinate) * (decode[3] - decode[2])
                        / coordinateMax);
            }
            for (int k = firstColour; k < 4; k++) {
                for (int c = 0; c < components; c++) {
                    corner[k * components + c] = (float) (colourMin[c] + bits.read(bitsPerComponent)
                            * (colourMax[c] - colourMin[c]) / colourMaxRaw);
                }
            }
            if (points.length < (count + 1) * 32) {
                points = Arrays.copyOf(points, points.length * 2);
                colours = Arrays.copyOf(colours, colours.length * 2);
            }
            int base = count * 32;
            for (int k = 0; k < readPoints; k++) {
                points[base + STREAM_ORDER[k] * 2] = stream16[k * 2];
                points[base + STREAM_ORDER[k] * 2 + 1] = stream16[k * 2 + 1];
            }
            if (type == 6) {
                coonsInterior(points, base);
            }
            System.arraycopy(corner, 0, colours, count * 4 * components, 4 * components);
            count++;
        }
        return new PatchMesh(count, components, Arrays.copyOf(points, count * 32),
                Arrays.copyOf(colours, count * 4 * components), colourMin, colourMax);
    }

    /** The four inner control points of a Coons patch, from its twelve boundary points (ISO 32000-1, 8.7.4.5.8). */
    private static void coonsInterior(float[] p, int base) {
        for (int axis = 0; axis < 2; axis++) {
            p[base + at(1, 1) + axis] = inner(p, base, axis, 0, 0, 0, 1, 1, 0, 0, 3, 3, 0, 3, 1, 1, 3, 3, 3);
            p[base + at(1, 2) + axis] = inner(p, base, axis, 0, 3, 0, 2, 1, 3, 0, 0, 3, 3, 3, 2, 1, 0, 3, 0);
            p[base + at(2, 1) + axis] = inner(p, base, axis, 3, 0, 3, 1, 2, 0, 3, 3, 0, 0, 0, 1, 2, 3, 0, 3);
            p[base + at(2, 2) + axis] = inner(p, base, axis, 3, 3, 3, 2, 2, 3, 3, 0, 0, 3, 0, 2, 2, 0, 0, 0);
        }
    }

    /**
     * {@code (-4 * a + 6 * (b + c) - 2 * (d + e) + 3 * (f + g) - h) / 9}, each point given as its (i, j).
     */
    private static float inner(float[] p, int base, int axis, int ai, int aj, int bi, int bj, int ci, int cj,
                               int di, int dj, int ei, int ej, int fi, int fj, int gi, int gj, int hi, int hj) {
        return (-4 * v(p, base, axis, ai, aj) + 6 * (v(p, base, axis, bi, bj) + v(p, base, axis, ci, cj))
                - 2 * (v(p, base, axis, di, dj) + v(p, base, axis, ei, ej))
                + 3 * (v(p, base, axis, fi, fj) + v(p, base, axis, gi, gj)) - v(p, base, axis, hi, hj)) / 9f;
    }

    private static float v(float[] p, int base, int axis, int i, int j) {
        return p[base + at(i, j) + axis];
    }

    private static int at(int i, int j) {
        return (i * 4 + j) * 2;
    }

    private static float[] decode(COSDictionary dict, int size) {
        if (!(dict.getDictionaryObject(COSName.DECODE) instanceof COSArray array) || array.size() < size) {
            return null;
        }
        float[] out = new float[size];
        for (int i = 0; i < size; i++) {
            if (!(array.getObject(i) instanceof COSNumber n) || !Float.isFinite(n.floatValue())) {
                return null;
            }
            out[i] = n.floatValue();
        }
        return out;
    }

    /** Big-endian bits of a byte array, as images and meshes pack them. */
    private static final class BitReader {
        private final byte[] data;
        private long position;

        BitReader(byte[] data) {
            this.data = data;
        }

        boolean has(long bits) {
            return position + bits <= (long) data.length * 8;
        }

        long read(int bits) {
            long value = 0;
            for (int left = bits; left > 0; ) {
                int index = (int) (position >>> 3);
                int offset = (int) (position & 7);
                int take = Math.min(left, 8 - offset);
                int b = (data[index] & 0xff) >>> (8 - offset - take) & ((1 << take) - 1);
                value = (value << take) | b;
                left -= take;
                position += take;
            }
            return value;
        }
    }
}
