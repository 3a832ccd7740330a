package dev.preflight.engine.view;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One separation of a rendered page as an 8-bit plane, row-major, top row first, in the page's displayed
 * orientation. Ghostscript's convention is kept: 255 means no ink, 0 means 100 % ink.
 *
 * @param name   the ink's name (Cyan, Magenta, Yellow, Black, or the spot colour's name)
 * @param type   process or spot
 * @param width  pixels per row
 * @param height rows
 * @param plane  {@code width * height} samples
 */
public record Channel(String name, ChannelType type, int width, int height, byte[] plane) {

    public Channel {
        if (plane.length != (long) width * height) {
            throw new IllegalArgumentException("plane of " + plane.length + " bytes for " + width + "x" + height);
        }
    }

    /** Ink at a pixel, 0..255 (255 = solid ink). */
    public int ink(int x, int y) {
        return 255 - (plane[y * width + x] & 0xff);
    }

    /** The plane as a greyscale PNG, ink dark on white, as a film separation looks. */
    public byte[] png() {
        var image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        byte[] target = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        System.arraycopy(plane, 0, target, 0, plane.length);
        var out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException("PNG encoding failed in memory", e);
        }
        return out.toByteArray();
    }
}
