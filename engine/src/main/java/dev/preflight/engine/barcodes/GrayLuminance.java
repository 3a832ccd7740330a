package dev.preflight.engine.barcodes;

import com.google.zxing.LuminanceSource;

/**
 * A rendered page's luminance for ZXing, cropping and turning by quarter turns so that linear codes printed
 * vertically are read too (ZXing's core ships no such source for {@code BufferedImage}).
 */
final class GrayLuminance extends LuminanceSource {

    private final byte[] data;
    private final int dataWidth;
    private final int left;
    private final int top;

    GrayLuminance(byte[] data, int width, int height) {
        this(data, width, 0, 0, width, height);
    }

    private GrayLuminance(byte[] data, int dataWidth, int left, int top, int width, int height) {
        super(width, height);
        this.data = data;
        this.dataWidth = dataWidth;
        this.left = left;
        this.top = top;
    }

    @Override
    public byte[] getRow(int y, byte[] row) {
        int w = getWidth();
        byte[] out = row == null || row.length < w ? new byte[w] : row;
        System.arraycopy(data, (top + y) * dataWidth + left, out, 0, w);
        return out;
    }

    @Override
    public byte[] getMatrix() {
        int w = getWidth();
        int h = getHeight();
        if (left == 0 && top == 0 && w == dataWidth && h * w == data.length) {
            return data;
        }
        byte[] out = new byte[w * h];
        for (int y = 0; y < h; y++) {
            System.arraycopy(data, (top + y) * dataWidth + left, out, y * w, w);
        }
        return out;
    }

    @Override
    public boolean isCropSupported() {
        return true;
    }

    @Override
    public LuminanceSource crop(int l, int t, int width, int height) {
        return new GrayLuminance(data, dataWidth, left + l, top + t, width, height);
    }

    @Override
    public boolean isRotateSupported() {
        return true;
    }

    @Override
    public LuminanceSource rotateCounterClockwise() {
        int w = getWidth();
        int h = getHeight();
        // the turned image's (x, y) is this image's (w - 1 - y, x): what ZXing's readers map their points back with
        byte[] out = new byte[w * h];
        for (int y = 0; y < w; y++) {
            int sx = w - 1 - y;
            for (int x = 0; x < h; x++) {
                out[y * h + x] = data[(top + x) * dataWidth + left + sx];
            }
        }
        return new GrayLuminance(out, h, 0, 0, h, w);
    }
}
