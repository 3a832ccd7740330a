package dev.preflight.engine.render;

import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.view.Channel;
import dev.preflight.engine.view.ChannelType;
import dev.preflight.engine.view.SeparationPage;

import java.util.ArrayList;

/**
 * One page as a CMYK device renders it: C, M, Y and K bytes interleaved per pixel, 0 = no ink, rows top first in
 * the page's displayed orientation. {@code data} may be longer than the page (a buffer reused between pages).
 *
 * @param geometry the page's boxes and rotation
 * @param dpi      render resolution
 * @param width    pixels per row
 * @param height   rows
 * @param data     at least {@code 4 * width * height} bytes
 */
record CmykRaster(PageGeometry geometry, int dpi, int width, int height, byte[] data) {

    CmykRaster {
        if (data.length < 4L * width * height) {
            throw new IllegalArgumentException(data.length + " bytes for " + width + "x" + height + " CMYK pixels");
        }
    }

    /** The four process plates as separations (255 = no ink, as tiffsep writes them), copied out of the buffer. */
    SeparationPage toSeparationPage() {
        int n = width * height;
        byte[][] planes = new byte[4][n];
        byte[] c = planes[0];
        byte[] m = planes[1];
        byte[] y = planes[2];
        byte[] k = planes[3];
        for (int i = 0, j = 0; i < n; i++, j += 4) {
            c[i] = (byte) ~data[j];
            m[i] = (byte) ~data[j + 1];
            y[i] = (byte) ~data[j + 2];
            k[i] = (byte) ~data[j + 3];
        }
        var channels = new ArrayList<Channel>(4);
        for (int p = 0; p < 4; p++) {
            channels.add(new Channel(SeparationPage.PROCESS_INKS.get(p), ChannelType.PROCESS, width, height,
                    planes[p]));
        }
        return new SeparationPage(geometry.pageNum(), dpi, width, height, channels, geometry);
    }
}
