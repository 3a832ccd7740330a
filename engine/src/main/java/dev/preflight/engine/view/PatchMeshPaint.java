package dev.preflight.engine.view;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShading;
import org.apache.pdfbox.util.Matrix;

import java.awt.Paint;
import java.awt.PaintContext;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Transparency;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.awt.image.ColorModel;
import java.awt.image.DataBufferInt;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.util.Arrays;

/**
 * Paints a {@link PatchMesh}: each patch is cut into a grid of cells a few device pixels wide, each cell drawn as two
 * Gouraud-shaded triangles, patches in stream order so that a later one covers an earlier one. Colours are converted
 * to RGB at the grid's corners only (through a memo of 8-bit quantised colours, or a 1024-entry table of the
 * /Function), and interpolated in RGB inside the cells.
 *
 * <p>PDFBox's own patch shading builds a per-pixel table for every patch and converts every pixel's colour through
 * the colour space: on illustration artwork with thousands of gradient-mesh patches that costs seconds per page.
 * Drawn this way the same page takes a fraction of that; cells at most {@link #CELL_PIXELS} pixels wide keep the
 * surface's curvature and the colour's non-linearity below what a viewer can see.
 *
 * <p>Drawing stops when the rendering thread is interrupted, so that a render abandoned at its deadline does not
 * keep its thread through a hostile mesh of many huge overlapping patches.
 *
 * <p>The surface is rendered in horizontal bands as Java2D asks for rasters (it asks row by row), so memory stays a
 * band's worth whatever the fill's size. Pixels no patch covers are transparent, or the /Background colour when the
 * shading fills through a pattern (the {@code sh} operator ignores /Background, ISO 32000-1, 8.7.4.3).
 */
final class PatchMeshPaint implements Paint {

    /** Widest grid cell, in device pixels. */
    static final double CELL_PIXELS = 3;
    /** Most cells one patch is cut into along each side. */
    static final int MAX_CELLS = 64;
    /** Most grid cells of one fill, all patches together: beyond it every patch is cut more coarsely. */
    static final long MAX_TOTAL_CELLS = 16_000_000L;
    /** Pixels of one band (its rows times the fill's width), at least {@link #MIN_BAND_ROWS} rows. */
    private static final int BAND_PIXELS = 1 << 20;
    private static final int MIN_BAND_ROWS = 32;
    private static final int LUT_SIZE = 1024;

    private final PatchMesh mesh;
    private final PDShading shading;
    private final Matrix matrix;
    private final boolean withBackground;

    PatchMeshPaint(PatchMesh mesh, PDShading shading, Matrix matrix, boolean withBackground) {
        this.mesh = mesh;
        this.shading = shading;
        this.matrix = matrix;
        this.withBackground = withBackground;
    }

    @Override
    public int getTransparency() {
        return Transparency.TRANSLUCENT;
    }

    /** The device bounds of the mesh's control points (which hold every patch) under a transform; null if empty. */
    static Rectangle2D bounds(PatchMesh mesh, AffineTransform toDevice) {
        if (mesh.count == 0) {
            return null;
        }
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        double[] pt = new double[2];
        float[] p = mesh.points;
        for (int k = 0; k < mesh.count * 16; k++) {
            pt[0] = p[k * 2];
            pt[1] = p[k * 2 + 1];
            toDevice.transform(pt, 0, pt, 0, 1);
            minX = Math.min(minX, pt[0]);
            minY = Math.min(minY, pt[1]);
            maxX = Math.max(maxX, pt[0]);
            maxY = Math.max(maxY, pt[1]);
        }
        if (!Double.isFinite(minX) || !Double.isFinite(minY) || !Double.isFinite(maxX) || !Double.isFinite(maxY)) {
            return null;
        }
        return new Rectangle2D.Double(minX, minY, maxX - minX, maxY - minY);
    }

    @Override
    public PaintContext createContext(ColorModel cm, Rectangle deviceBounds, Rectangle2D userBounds,
                                      AffineTransform xform, RenderingHints hints) {
        var toDevice = new AffineTransform(xform);
        toDevice.concatenate(matrix.createAffineTransform());
        return new Context(deviceBounds, toDevice);
    }

    private final class Context implements PaintContext {
        private final ColorModel model = ColorModel.getRGBdefault();
        private final Rectangle area;
        /** Control points in device space, 32 per patch. */
        private final float[] device;
        /** Device bounds of each patch's control points: min x, min y, max x, max y. */
        private final float[] box;
        /** Cells per side of each patch; 0 for a patch that cannot be drawn. */
        private final int[] cells;
        private final int background;
        private final Colours colours;
        private int[] band;
        private int bandTop;
        private int bandRows;

        Context(Rectangle deviceBounds, AffineTransform toDevice) {
            this.area = new Rectangle(deviceBounds);
            int n = mesh.count;
            device = new float[n * 32];
            box = new float[n * 4];
            cells = new int[n];
            toDevice.transform(mesh.points, 0, device, 0, n * 16);
            long total = 0;
            for (int k = 0; k < n; k++) {
                float minX = Float.POSITIVE_INFINITY;
                float minY = Float.POSITIVE_INFINITY;
                float maxX = Float.NEGATIVE_INFINITY;
                float maxY = Float.NEGATIVE_INFINITY;
                for (int q = 0; q < 16; q++) {
                    float x = device[k * 32 + q * 2];
                    float y = device[k * 32 + q * 2 + 1];
                    minX = Math.min(minX, x);
                    minY = Math.min(minY, y);
                    maxX = Math.max(maxX, x);
                    maxY = Math.max(maxY, y);
                }
                box[k * 4] = minX;
                box[k * 4 + 1] = minY;
                box[k * 4 + 2] = maxX;
                box[k * 4 + 3] = maxY;
                boolean finite = Float.isFinite(minX) && Float.isFinite(minY) && Float.isFinite(maxX)
                        && Float.isFinite(maxY);
                boolean visible = finite && maxX >= area.x && minX <= area.x + area.width && maxY >= area.y
                        && minY <= area.y + area.height;
                if (visible) {
                    double size = Math.max(maxX - minX, maxY - minY);
                    cells[k] = (int) Math.max(1, Math.min(MAX_CELLS, Math.ceil(size / CELL_PIXELS)));
                    total += (long) cells[k] * cells[k];
                }
            }
            if (total > MAX_TOTAL_CELLS) {
                // a hostile or absurd mesh: coarser cells everywhere keep the fill's work bounded
                double scale = Math.sqrt((double) MAX_TOTAL_CELLS / total);
                for (int k = 0; k < n; k++) {
                    if (cells[k] > 0) {
                        cells[k] = Math.max(1, (int) (cells[k] * scale));
                    }
                }
            }
            colours = new Colours();
            background = withBackground ? colours.background() : 0;
        }

        @Override
        public void dispose() {
            band = null;
        }

        @Override
        public ColorModel getColorModel() {
            return model;
        }

        @Override
        public Raster getRaster(int x, int y, int w, int h) {
            WritableRaster raster = model.createCompatibleWritableRaster(w, h);
            int[] out = ((DataBufferInt) raster.getDataBuffer()).getData();
            for (int row = 0; row < h; row++) {
                int dy = y + row;
                if (dy < area.y || dy >= area.y + area.height) {
                    continue;
                }
                if (band == null || dy < bandTop || dy >= bandTop + bandRows) {
                    renderBand(dy, Math.max(h - row, 1));
                }
                int from = Math.max(x, area.x);
                int to = Math.min(x + w, area.x + area.width);
                if (from < to) {
                    System.arraycopy(band, (dy - bandTop) * area.width + (from - area.x), out, row * w + (from - x),
                            to - from);
                }
            }
            return raster;
        }

        /** Renders the band of rows starting at {@code top}, at least {@code rows} of them (within the area). */
        private void renderBand(int top, int rows) {
            int width = Math.max(1, area.width);
            int wanted = Math.max(rows, Math.max(MIN_BAND_ROWS, BAND_PIXELS / width));
            bandTop = top;
            bandRows = Math.min(wanted, area.y + area.height - top);
            if (band == null || band.length < bandRows * width) {
                band = new int[bandRows * width];
            }
            Arrays.fill(band, 0, bandRows * width, background);
            var raster = new Band(band, area.x, top, width, bandRows);
            Thread self = Thread.currentThread();
            for (int k = 0; k < mesh.count; k++) {
                if (self.isInterrupted()) {
                    // an abandoned render (the viewer's deadline passed): PDFBox cannot be stopped, this can
                    return;
                }
                if (cells[k] > 0 && box[k * 4 + 3] >= top && box[k * 4 + 1] <= top + bandRows
                        && box[k * 4 + 2] >= area.x && box[k * 4] <= area.x + width) {
                    drawPatch(k, cells[k], raster);
                }
            }
        }

        private void drawPatch(int k, int n, Band raster) {
            int stride = n + 1;
            float[] gx = new float[stride * stride];
            float[] gy = new float[stride * stride];
            int[] rgb = new int[stride * stride];
            double[] basis = basis(n);
            int base = k * 32;
            // the surface's four curves in v, then each grid point from them in u
            double[] cx = new double[4 * stride];
            double[] cy = new double[4 * stride];
            for (int i = 0; i < 4; i++) {
                for (int l = 0; l <= n; l++) {
                    double x = 0;
                    double y = 0;
                    for (int j = 0; j < 4; j++) {
                        double b = basis[l * 4 + j];
                        x += b * device[base + (i * 4 + j) * 2];
                        y += b * device[base + (i * 4 + j) * 2 + 1];
                    }
                    cx[i * stride + l] = x;
                    cy[i * stride + l] = y;
                }
            }
            int comps = mesh.components;
            int colourBase = k * 4 * comps;
            float[] c = mesh.colours;
            float[] value = new float[comps];
            for (int u = 0; u <= n; u++) {
                double fu = (double) u / n;
                for (int l = 0; l <= n; l++) {
                    double x = 0;
                    double y = 0;
                    for (int i = 0; i < 4; i++) {
                        double b = basis[u * 4 + i];
                        x += b * cx[i * stride + l];
                        y += b * cy[i * stride + l];
                    }
                    int at = u * stride + l;
                    gx[at] = (float) x;
                    gy[at] = (float) y;
                    double fv = (double) l / n;
                    double w00 = (1 - fu) * (1 - fv);
                    double w01 = (1 - fu) * fv;
                    double w11 = fu * fv;
                    double w10 = fu * (1 - fv);
                    for (int q = 0; q < comps; q++) {
                        value[q] = (float) (w00 * c[colourBase + q] + w01 * c[colourBase + comps + q]
                                + w11 * c[colourBase + 2 * comps + q] + w10 * c[colourBase + 3 * comps + q]);
                    }
                    rgb[at] = colours.rgb(value);
                }
            }
            // rows of larger v are drawn later, so where a patch folds over itself they are the ones seen
            for (int l = 0; l < n; l++) {
                for (int u = 0; u < n; u++) {
                    int a = u * stride + l;
                    int b = (u + 1) * stride + l;
                    int cc = (u + 1) * stride + l + 1;
                    int d = u * stride + l + 1;
                    raster.triangle(gx[a], gy[a], rgb[a], gx[b], gy[b], rgb[b], gx[cc], gy[cc], rgb[cc]);
                    raster.triangle(gx[a], gy[a], rgb[a], gx[cc], gy[cc], rgb[cc], gx[d], gy[d], rgb[d]);
                }
            }
        }
    }

    /** Bernstein weights of a cubic at {@code t = s / n} for {@code s = 0..n}, four per step. */
    private static double[] basis(int n) {
        double[] out = new double[(n + 1) * 4];
        for (int s = 0; s <= n; s++) {
            double t = (double) s / n;
            double mt = 1 - t;
            out[s * 4] = mt * mt * mt;
            out[s * 4 + 1] = 3 * t * mt * mt;
            out[s * 4 + 2] = 3 * t * t * mt;
            out[s * 4 + 3] = t * t * t;
        }
        return out;
    }

    /** Colour values to opaque RGB: a memo of quantised colours, or a table of the /Function. */
    private final class Colours {
        private final PDColorSpace space;
        private final int[] lut;
        private final IntMemo memo = new IntMemo();

        Colours() {
            PDColorSpace cs;
            try {
                cs = shading.getColorSpace();
            } catch (IOException e) {
                cs = null;
            }
            this.space = cs;
            int[] table = null;
            try {
                if (shading.getFunction() != null) {
                    table = new int[LUT_SIZE];
                    float t0 = mesh.colourMin[0];
                    float t1 = mesh.colourMax[0];
                    for (int i = 0; i < LUT_SIZE; i++) {
                        float t = t0 + (t1 - t0) * i / (LUT_SIZE - 1);
                        table[i] = convert(shading.evalFunction(t));
                    }
                }
            } catch (IOException | RuntimeException e) {
                table = new int[LUT_SIZE];
            }
            this.lut = table;
        }

        int rgb(float[] value) {
            if (lut != null) {
                float t0 = mesh.colourMin[0];
                float t1 = mesh.colourMax[0];
                double f = t1 == t0 ? 0 : (value[0] - t0) / (t1 - t0);
                int i = (int) Math.round(Math.max(0, Math.min(1, f)) * (LUT_SIZE - 1));
                return lut[i];
            }
            int comps = value.length;
            if (comps > 4) {
                return convert(value);
            }
            int key = 0;
            for (int q = 0; q < comps; q++) {
                float lo = mesh.colourMin[q];
                float hi = mesh.colourMax[q];
                double f = hi == lo ? 0 : (value[q] - lo) / (hi - lo);
                key |= (int) Math.round(Math.max(0, Math.min(1, f)) * 255) << (8 * q);
            }
            int known = memo.get(key);
            if (known != 0) {
                return known;
            }
            float[] quantised = new float[comps];
            for (int q = 0; q < comps; q++) {
                float lo = mesh.colourMin[q];
                float hi = mesh.colourMax[q];
                quantised[q] = lo + (hi - lo) * ((key >>> (8 * q)) & 0xff) / 255f;
            }
            int rgb = convert(quantised);
            memo.put(key, rgb);
            return rgb;
        }

        int background() {
            COSArray bg = shading.getBackground();
            if (bg == null || space == null || bg.size() < space.getNumberOfComponents()) {
                return 0;
            }
            float[] value = new float[space.getNumberOfComponents()];
            for (int i = 0; i < value.length; i++) {
                value[i] = bg.getObject(i) instanceof COSNumber n ? n.floatValue() : 0;
            }
            return convert(value);
        }

        /** Opaque ARGB of a colour in the shading's colour space; black when it cannot be converted. */
        private int convert(float[] value) {
            if (space == null) {
                return 0xFF000000;
            }
            try {
                float[] rgb = space.toRGB(value);
                return 0xFF000000 | channel(rgb[0]) << 16 | channel(rgb[1]) << 8 | channel(rgb[2]);
            } catch (IOException | RuntimeException e) {
                return 0xFF000000;
            }
        }

        private static int channel(float v) {
            return Math.round(Math.max(0, Math.min(1, Float.isNaN(v) ? 0 : v)) * 255);
        }
    }

    /** An int-to-int map with open addressing; 0 is "absent" (a converted colour is never 0: it is opaque). */
    private static final class IntMemo {
        private int[] keys = new int[1024];
        private int[] values = new int[1024];
        private boolean zeroKnown;
        private int zeroValue;
        private int size;

        int get(int key) {
            if (key == 0) {
                return zeroKnown ? zeroValue : 0;
            }
            int mask = keys.length - 1;
            for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return values[i];
                }
                if (keys[i] == 0) {
                    return 0;
                }
            }
        }

        void put(int key, int value) {
            if (key == 0) {
                zeroKnown = true;
                zeroValue = value;
                return;
            }
            if ((size + 1) * 2 > keys.length) {
                int[] oldKeys = keys;
                int[] oldValues = values;
                keys = new int[oldKeys.length * 2];
                values = new int[oldKeys.length * 2];
                size = 0;
                for (int i = 0; i < oldKeys.length; i++) {
                    if (oldKeys[i] != 0) {
                        put(oldKeys[i], oldValues[i]);
                    }
                }
            }
            int mask = keys.length - 1;
            int i = mix(key) & mask;
            while (keys[i] != 0 && keys[i] != key) {
                i = (i + 1) & mask;
            }
            if (keys[i] == 0) {
                size++;
            }
            keys[i] = key;
            values[i] = value;
        }

        private static int mix(int key) {
            int h = key * 0x9E3779B9;
            return h ^ (h >>> 16);
        }
    }

    /** A band of ARGB pixels that Gouraud triangles in device coordinates are drawn into. */
    private static final class Band {
        private final int[] pixels;
        private final int left;
        private final int top;
        private final int width;
        private final int rows;

        Band(int[] pixels, int left, int top, int width, int rows) {
            this.pixels = pixels;
            this.left = left;
            this.top = top;
            this.width = width;
            this.rows = rows;
        }

        /**
         * Fills the pixels whose centres lie in the triangle (edges included, so that triangles sharing an edge
         * leave no gap), each the barycentric blend of the corners' colours.
         */
        void triangle(float x0, float y0, int c0, float x1, float y1, int c1, float x2, float y2, int c2) {
            double area = (double) (x1 - x0) * (y2 - y0) - (double) (x2 - x0) * (y1 - y0);
            if (!(Math.abs(area) > 1e-12)) {
                return;
            }
            int py0 = (int) Math.max(top, Math.ceil(Math.min(y0, Math.min(y1, y2)) - 0.5));
            int py1 = (int) Math.min(top + rows - 1, Math.floor(Math.max(y0, Math.max(y1, y2)) - 0.5));
            int px0 = (int) Math.max(left, Math.ceil(Math.min(x0, Math.min(x1, x2)) - 0.5));
            int px1 = (int) Math.min(left + width - 1, Math.floor(Math.max(x0, Math.max(x1, x2)) - 0.5));
            if (py0 > py1 || px0 > px1) {
                return;
            }
            double inv = 1 / area;
            // barycentric weight of each corner: its opposite edge's function, normalised by the area
            double a0 = (y1 - y2) * inv;
            double b0 = (x2 - x1) * inv;
            double a1 = (y2 - y0) * inv;
            double b1 = (x0 - x2) * inv;
            double eps = -1e-7;
            int r0 = c0 >> 16 & 0xff;
            int g0 = c0 >> 8 & 0xff;
            int bl0 = c0 & 0xff;
            int dr1 = (c1 >> 16 & 0xff) - r0;
            int dg1 = (c1 >> 8 & 0xff) - g0;
            int db1 = (c1 & 0xff) - bl0;
            int dr2 = (c2 >> 16 & 0xff) - r0;
            int dg2 = (c2 >> 8 & 0xff) - g0;
            int db2 = (c2 & 0xff) - bl0;
            boolean flat = c0 == c1 && c1 == c2;
            for (int py = py0; py <= py1; py++) {
                double cy = py + 0.5;
                double cx = px0 + 0.5;
                double w1 = a1 * (cx - x2) + b1 * (cy - y2);
                double w0 = a0 * (cx - x2) + b0 * (cy - y2);
                int row = (py - top) * width - left;
                for (int px = px0; px <= px1; px++, w0 += a0, w1 += a1) {
                    double w2 = 1 - w0 - w1;
                    if (w0 < eps || w1 < eps || w2 < eps) {
                        continue;
                    }
                    if (flat) {
                        pixels[row + px] = c0;
                    } else {
                        int r = (int) (r0 + w1 * dr1 + w2 * dr2 + 0.5);
                        int g = (int) (g0 + w1 * dg1 + w2 * dg2 + 0.5);
                        int b = (int) (bl0 + w1 * db1 + w2 * db2 + 0.5);
                        pixels[row + px] = 0xFF000000 | clamp(r) << 16 | clamp(g) << 8 | clamp(b);
                    }
                }
            }
        }

        private static int clamp(int v) {
            return v < 0 ? 0 : Math.min(255, v);
        }
    }
}
