package dev.preflight.engine.view;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceN;
import org.apache.pdfbox.pdmodel.graphics.color.PDSeparation;
import org.apache.pdfbox.pdmodel.graphics.image.PDImage;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * A Separation or DeviceN image of few sample bits (at most 16 bits a pixel: a 1-bit spot image, a 4-bit or 8-bit
 * spot tint, a two-ink 8-bit duotone) converted to RGB through a table: each distinct sample value goes through the
 * tint transform and the alternate colour space once, the first time a pixel has it, and every pixel is a look-up.
 *
 * <p>PDFBox converts such an image pixel by pixel through generic raster accessors and the tint transform (its
 * cache of earlier results keyed by float arrays): a 1-bit DeviceN JBIG2 page of the corpus spent 60 % of its tile
 * there. Images with a soft mask, a colour-key or explicit /Mask, their own optional content, or JPEG / JPEG 2000
 * data are left to PDFBox, which applies those; so is any image this reader fails on.
 */
final class TintLookupImage extends ImageStandIn {

    /** Most sample bits a pixel may have for the table (65,536 entries). */
    static final int MAX_BITS = 16;

    private final PDColorSpace space;
    private final int components;
    private final int bits;
    private final float[] decode;
    /** RGB of each pixel value, opaque; 0 until first needed. */
    private final int[] table;

    private TintLookupImage(PDImage image, PDColorSpace space, int components, int bits, float[] decode) {
        super(image);
        this.space = space;
        this.components = components;
        this.bits = bits;
        this.decode = decode;
        this.table = new int[1 << (components * bits)];
    }

    /** A table-driven stand-in for the image, or null when PDFBox should draw it. */
    static TintLookupImage forImage(PDImage image) {
        if (!(image instanceof PDImageXObject x) || x.isStencil() || x.getOptionalContent() != null
                || x.getCOSObject().containsKey(COSName.SMASK) || x.getCOSObject().containsKey(COSName.MASK)
                || x.getWidth() <= 0 || x.getHeight() <= 0) {
            return null;
        }
        try {
            List<COSName> filters = x.getStream().getFilters();
            if (filters.contains(COSName.DCT_DECODE) || filters.contains(COSName.JPX_DECODE)
                    || filters.contains(COSName.DCT_DECODE_ABBREVIATION)) {
                return null;
            }
            PDColorSpace space = x.getColorSpace();
            if (!(space instanceof PDDeviceN) && !(space instanceof PDSeparation)) {
                return null;
            }
            int bpc = x.getBitsPerComponent();
            int n = space.getNumberOfComponents();
            if ((bpc != 1 && bpc != 2 && bpc != 4 && bpc != 8) || n < 1 || n * bpc > MAX_BITS) {
                return null;
            }
            float[] decode = decode(x.getDecode(), n);
            return new TintLookupImage(x, space, n, bpc, decode);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** /Decode as pairs per component; [0 1] for each when absent or unusable. */
    private static float[] decode(COSArray array, int n) {
        float[] out = new float[2 * n];
        for (int c = 0; c < n; c++) {
            out[2 * c] = 0;
            out[2 * c + 1] = 1;
        }
        if (array != null && array.size() >= 2 * n) {
            for (int i = 0; i < 2 * n; i++) {
                if (!(array.getObject(i) instanceof COSNumber v) || !Float.isFinite(v.floatValue())) {
                    return decode(null, n);
                }
                out[i] = v.floatValue();
            }
        }
        return out;
    }

    @Override
    public BufferedImage getImage() throws IOException {
        return getImage(null, 1);
    }

    /** The region's pixels, every {@code subsampling}-th in each direction, as PDFBox's sampled reader takes them. */
    @Override
    public BufferedImage getImage(Rectangle region, int subsampling) throws IOException {
        try {
            return convert(region, Math.max(1, subsampling));
        } catch (RuntimeException e) {
            return original.getImage(region, subsampling);
        }
    }

    private BufferedImage convert(Rectangle region, int step) throws IOException {
        int w = getWidth();
        int h = getHeight();
        Rectangle whole = new Rectangle(0, 0, w, h);
        Rectangle r = region == null ? whole : region.intersection(whole);
        if (r.isEmpty()) {
            r = whole;
        }
        int outW = (r.width + step - 1) / step;
        int outH = (r.height + step - 1) / step;
        var image = new BufferedImage(outW, outH, BufferedImage.TYPE_INT_RGB);
        int[] px = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        int pixelBits = components * bits;
        int rowBytes = (int) (((long) w * pixelBits + 7) / 8);
        byte[] row = new byte[rowBytes];
        int last = r.y + (outH - 1) * step;
        boolean ended = false;
        try (InputStream in = original.createInputStream()) {
            for (int sy = 0; sy <= last; sy++) {
                if (!ended) {
                    int got = in.readNBytes(row, 0, rowBytes);
                    if (got < rowBytes) {
                        // the rows a short stream lacks are read as zero samples
                        java.util.Arrays.fill(row, got, rowBytes, (byte) 0);
                        ended = true;
                    }
                } else {
                    java.util.Arrays.fill(row, (byte) 0);
                }
                if (sy < r.y || (sy - r.y) % step != 0) {
                    continue;
                }
                int base = (sy - r.y) / step * outW;
                for (int ox = 0; ox < outW; ox++) {
                    px[base + ox] = rgb(sample(row, (long) (r.x + ox * step) * pixelBits, pixelBits));
                }
            }
        }
        return image;
    }

    private static int sample(byte[] row, long bitPos, int count) {
        int value = 0;
        for (int left = count; left > 0; ) {
            int index = (int) (bitPos >>> 3);
            int offset = (int) (bitPos & 7);
            int take = Math.min(left, 8 - offset);
            value = (value << take) | ((row[index] & 0xff) >>> (8 - offset - take)) & ((1 << take) - 1);
            left -= take;
            bitPos += take;
        }
        return value;
    }

    private int rgb(int key) {
        int known = table[key];
        if (known != 0) {
            return known;
        }
        float[] value = new float[components];
        int max = (1 << bits) - 1;
        for (int c = 0; c < components; c++) {
            int raw = (key >>> ((components - 1 - c) * bits)) & max;
            value[c] = decode[2 * c] + raw * (decode[2 * c + 1] - decode[2 * c]) / max;
        }
        int rgb;
        try {
            float[] out = space.toRGB(value);
            rgb = 0xFF000000 | channel(out[0]) << 16 | channel(out[1]) << 8 | channel(out[2]);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        table[key] = rgb;
        return rgb;
    }

    private static int channel(float v) {
        return Math.round(Math.max(0, Math.min(1, Float.isNaN(v) ? 0 : v)) * 255);
    }
}
