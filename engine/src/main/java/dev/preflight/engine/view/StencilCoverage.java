package dev.preflight.engine.view;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceGray;
import org.apache.pdfbox.pdmodel.graphics.image.PDImage;

import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.io.IOException;
import java.io.InputStream;

/**
 * A stencil mask (1-bit {@code /ImageMask}) reduced by a whole factor while it is decoded: each output pixel holds
 * the share of painted pixels in its {@code factor x factor} block of the mask, as coverage (alpha) of the fill
 * colour.
 *
 * <p>PDFBox draws a stencil by expanding it to a full-size ARGB image first, whatever the output resolution: a
 * 9000 x 11000 scanned page held as a CCITT stencil takes about 400 MB that way, to be drawn into a 1275 x 1650 tile.
 * Handed to PDFBox's page drawer instead of the mask, this image takes the mask's place (same placement, same
 * paint, soft mask and transfer function applied by PDFBox as usual) at about the tile's resolution; only the
 * decoded 1-bit rows pass through memory. The box filter also keeps thin strokes that drawing the full-size mask
 * with bilinear scaling would drop between samples.
 */
final class StencilCoverage extends ImageStandIn {

    private final PDImage mask;
    private final int factor;
    private final int width;
    private final int height;
    /** Painted share of each output pixel, 0 to 255, row-major; computed on first use. */
    private byte[] coverage;

    StencilCoverage(PDImage mask, int factor) {
        super(checked(mask, factor));
        this.mask = mask;
        this.factor = factor;
        this.width = ceilDiv(mask.getWidth(), factor);
        this.height = ceilDiv(mask.getHeight(), factor);
    }

    /**
     * The whole reduction factor that brings the mask to about the resolution it is drawn at: the factor PDFBox's
     * own subsampling would use, without its cap of 8.
     *
     * @param devicePixelsPerImage device pixels the whole image covers (the area of its placement on the output)
     */
    static int factorFor(PDImage mask, double devicePixelsPerImage) {
        if (!(devicePixelsPerImage > 0)) {
            return 1;
        }
        double f = Math.floor(Math.sqrt((double) mask.getWidth() * mask.getHeight() / devicePixelsPerImage));
        return (int) Math.max(1, Math.min(f, Math.min(mask.getWidth(), mask.getHeight())));
    }

    /** The coverage plane, decoding the mask once. */
    byte[] coverage() throws IOException {
        if (coverage == null) {
            coverage = reduce();
        }
        return coverage;
    }

    private byte[] reduce() throws IOException {
        int w = mask.getWidth();
        int h = mask.getHeight();
        // /Decode [0 1] (the default) paints where a bit is 0; [1 0] paints where it is 1
        int paintBit = transparentBit() == 1 ? 0 : 1;
        int rowLen = ceilDiv(w, 8);
        byte[] row = new byte[rowLen];
        int[] counts = new int[width];
        byte[] out = new byte[width * height];
        int y = 0;
        try (InputStream in = mask.createInputStream()) {
            for (; y < h; y++) {
                if (in.readNBytes(row, 0, rowLen) < rowLen) {
                    break;
                }
                for (int b = 0; b < rowLen; b++) {
                    int v = row[b] & 0xFF;
                    if (paintBit == 1 ? v == 0 : v == 0xFF) {
                        continue;
                    }
                    int x0 = b << 3;
                    int n = Math.min(8, w - x0);
                    for (int i = 0; i < n; i++) {
                        if (((v >>> (7 - i)) & 1) == paintBit) {
                            counts[(x0 + i) / factor]++;
                        }
                    }
                }
                if ((y + 1) % factor == 0 || y == h - 1) {
                    flush(counts, out, y / factor, y % factor + 1, w);
                }
            }
        }
        // PDFBox leaves the rows a short stream lacks painted; so does this
        for (; y < h; y++) {
            for (int ox = 0; ox < width; ox++) {
                counts[ox] += Math.min(factor, w - ox * factor);
            }
            if ((y + 1) % factor == 0 || y == h - 1) {
                flush(counts, out, y / factor, y % factor + 1, w);
            }
        }
        return out;
    }

    private void flush(int[] counts, byte[] out, int oy, int rows, int w) {
        int base = oy * width;
        for (int ox = 0; ox < width; ox++) {
            int cols = Math.min(factor, w - ox * factor);
            int total = cols * rows;
            out[base + ox] = (byte) ((counts[ox] * 255 + total / 2) / total);
            counts[ox] = 0;
        }
    }

    /** The bit value that leaves the page unpainted, from /Decode as PDFBox reads it. */
    private int transparentBit() {
        COSArray decode = mask.getDecode();
        if (decode != null && decode.size() >= 2 && decode.getObject(0) instanceof COSNumber d0
                && decode.getObject(1) instanceof COSNumber d1) {
            float a = d0.floatValue();
            float b = d1.floatValue();
            if (a >= 0 && a <= 1 && b >= 0 && b <= 1) {
                return a < b ? 1 : 0;
            }
        }
        return 1;
    }

    /** The stencil filled with the paint, its alpha the coverage: what PDFBox draws in the mask's place. */
    @Override
    public BufferedImage getStencilImage(Paint paint) throws IOException {
        byte[] c = coverage();
        var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setPaint(paint);
            g.fillRect(0, 0, width, height);
        } finally {
            g.dispose();
        }
        int[] px = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < px.length; i++) {
            int a = (px[i] >>> 24) * (c[i] & 0xFF) / 255;
            px[i] = (a << 24) | (px[i] & 0xFFFFFF);
        }
        return image;
    }

    /** The reduced mask as PDFBox reads a stencil's image: grey, black where painted. */
    @Override
    public BufferedImage getImage() throws IOException {
        byte[] c = coverage();
        var image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        byte[] g = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < g.length; i++) {
            g[i] = (byte) (255 - (c[i] & 0xFF));
        }
        return image;
    }

    /** The whole reduced mask: PDFBox asks for a region or subsampling only to learn the image's size. */
    @Override
    public BufferedImage getImage(Rectangle region, int subsampling) throws IOException {
        return getImage();
    }

    @Override
    public boolean isStencil() {
        return true;
    }

    @Override
    public int getBitsPerComponent() {
        return 8;
    }

    @Override
    public PDColorSpace getColorSpace() {
        return PDDeviceGray.INSTANCE;
    }

    @Override
    public int getHeight() {
        return height;
    }

    @Override
    public int getWidth() {
        return width;
    }

    @Override
    public COSArray getDecode() {
        return null;
    }

    private static PDImage checked(PDImage mask, int factor) {
        if (!mask.isStencil() || factor < 2) {
            throw new IllegalArgumentException("a stencil mask reduced by 2 or more");
        }
        return mask;
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
