package dev.preflight.engine.barcodes;

import java.awt.image.BufferedImage;

/**
 * A rendered page as luminance and as red-light reflectance, sampled between pixel centres (bilinear) so that
 * edges are placed to a fraction of a pixel.
 */
final class PageRaster {

    private static final double[] LINEAR = new double[256];

    static {
        for (int i = 0; i < 256; i++) {
            double c = i / 255.0;
            LINEAR[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
        }
    }

    final int width;
    final int height;
    /** Luminance 0..255 as ZXing weighs it. */
    final byte[] gray;
    /** sRGB red channel 0..255: a red-light scanner (ISO/IEC 15416, 660 nm) sees what red reflects. */
    final byte[] red;

    private PageRaster(int width, int height, byte[] gray, byte[] red) {
        this.width = width;
        this.height = height;
        this.gray = gray;
        this.red = red;
    }

    static PageRaster of(BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        byte[] gray = new byte[w * h];
        byte[] red = new byte[w * h];
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            image.getRGB(0, y, w, 1, row, 0, w);
            for (int x = 0; x < w; x++) {
                int p = row[x];
                int r = (p >> 16) & 0xFF;
                int g = (p >> 8) & 0xFF;
                int b = p & 0xFF;
                gray[y * w + x] = (byte) ((306 * r + 601 * g + 117 * b + 0x200) >> 10);
                red[y * w + x] = (byte) r;
            }
        }
        return new PageRaster(w, h, gray, red);
    }

    /** Luminance at a position in pixel units (pixel centres at half-integers), 0..255. */
    double luminance(double x, double y) {
        return sample(gray, x, y);
    }

    /** Reflectance in red light at a position, linear 0..1. */
    double redReflectance(double x, double y) {
        int px = (int) Math.max(0, Math.min(width - 1, Math.floor(x)));
        int py = (int) Math.max(0, Math.min(height - 1, Math.floor(y)));
        return LINEAR[red[py * width + px] & 0xFF];
    }

    boolean inside(double x, double y) {
        return x >= 0 && y >= 0 && x < width && y < height;
    }

    private double sample(byte[] plane, double x, double y) {
        double fx = x - 0.5;
        double fy = y - 0.5;
        int x0 = (int) Math.floor(fx);
        int y0 = (int) Math.floor(fy);
        double ax = fx - x0;
        double ay = fy - y0;
        double v00 = at(plane, x0, y0);
        double v10 = at(plane, x0 + 1, y0);
        double v01 = at(plane, x0, y0 + 1);
        double v11 = at(plane, x0 + 1, y0 + 1);
        return (v00 * (1 - ax) + v10 * ax) * (1 - ay) + (v01 * (1 - ax) + v11 * ax) * ay;
    }

    private double at(byte[] plane, int x, int y) {
        // off the page is paper
        if (x < 0 || y < 0 || x >= width || y >= height) {
            return 255;
        }
        return plane[y * width + x] & 0xFF;
    }
}
