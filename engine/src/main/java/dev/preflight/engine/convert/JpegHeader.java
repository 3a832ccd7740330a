package dev.preflight.engine.convert;

/** Reads the resolution a JPEG declares in its JFIF segment, without decoding the image. */
final class JpegHeader {

    private JpegHeader() {
    }

    /**
     * Horizontal and vertical resolution in dpi from the JFIF APP0 density (units 1 = per inch, 2 = per cm);
     * 72 dpi when there is none or it only gives an aspect ratio.
     */
    static double[] resolution(byte[] jpeg) {
        int i = 2;
        while (i + 4 <= jpeg.length) {
            if ((jpeg[i] & 0xff) != 0xFF) {
                break;
            }
            int marker = jpeg[i + 1] & 0xff;
            if (marker == 0xFF) {
                i++;
                continue;
            }
            if (marker == 0xDA || marker == 0xD9) {
                break;
            }
            int length = ((jpeg[i + 2] & 0xff) << 8) | (jpeg[i + 3] & 0xff);
            int start = i + 4;
            if (marker == 0xE0 && length >= 14 && start + 12 <= jpeg.length
                    && jpeg[start] == 'J' && jpeg[start + 1] == 'F' && jpeg[start + 2] == 'I'
                    && jpeg[start + 3] == 'F' && jpeg[start + 4] == 0) {
                int units = jpeg[start + 7] & 0xff;
                int xd = ((jpeg[start + 8] & 0xff) << 8) | (jpeg[start + 9] & 0xff);
                int yd = ((jpeg[start + 10] & 0xff) << 8) | (jpeg[start + 11] & 0xff);
                double scale = units == 1 ? 1.0 : units == 2 ? 2.54 : 0;
                if (scale > 0 && xd > 0 && yd > 0) {
                    return new double[] {InputConverter.sane(xd * scale), InputConverter.sane(yd * scale)};
                }
                break;
            }
            if (length < 2) {
                break;
            }
            i += 2 + length;
        }
        return new double[] {InputConverter.DEFAULT_DPI, InputConverter.DEFAULT_DPI};
    }
}
