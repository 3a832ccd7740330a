package dev.preflight.engine.render;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads the pages Ghostscript's {@code pamcmyk32} device writes one after the other to a stream: per page a PAM
 * header ({@code P7}, {@code WIDTH}, {@code HEIGHT}, {@code DEPTH 4}, {@code MAXVAL 255}, {@code TUPLTYPE CMYK},
 * comments, {@code ENDHDR}) and {@code 4 x WIDTH x HEIGHT} bytes of C, M, Y, K. Made {@link #rgb rgb}, it reads
 * what the {@code ppmraw} device writes instead: a PPM header ({@code P6}, comments, width, height, {@code 255})
 * and {@code 3 x width x height} bytes of R, G, B. Anything else, a header that is
 * too long or a stream that ends inside a page is an {@link IOException}: a stream that is not exactly what the
 * device writes must never turn into numbers.
 */
final class PamReader {

    /** GS's headers take about 120 bytes. */
    private static final int MAX_HEADER_BYTES = 1024;
    /** Pixels read per call: the pipe delivers at most 64 KiB at a time anyway. */
    private static final int CHUNK = 64 * 1024;

    private final InputStream in;
    private final long maxPixels;
    private final boolean rgb;

    /**
     * @param maxPixels largest page accepted, in pixels; a header asking for more is refused before allocating
     */
    PamReader(InputStream in, long maxPixels) {
        this(in, maxPixels, false);
    }

    private PamReader(InputStream in, long maxPixels, boolean rgb) {
        this.in = in;
        this.maxPixels = maxPixels;
        this.rgb = rgb;
    }

    /** A reader of {@code ppmraw} pages (8-bit RGB). */
    static PamReader rgb(InputStream in, long maxPixels) {
        return new PamReader(in, maxPixels, true);
    }

    /**
     * Size of one page.
     *
     * @param width  pixels per row
     * @param height rows
     * @param depth  bytes per pixel: 4 (CMYK) or 3 (RGB)
     */
    record Header(int width, int height, int depth) {
        int bytes() {
            return depth * width * height;
        }
    }

    /**
     * Reads the next page's header.
     *
     * @return the header, or null when the stream ends cleanly before another page
     * @throws IOException when the bytes are not a CMYK PAM header
     */
    Header next() throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        if (rgb) {
            return ppmHeader(first);
        }
        byte[] header = new byte[MAX_HEADER_BYTES];
        header[0] = (byte) first;
        int len = 1;
        while (!endsWith(header, len, "\nENDHDR\n")) {
            if (len == header.length) {
                throw new IOException("a page header longer than " + MAX_HEADER_BYTES + " bytes");
            }
            int b = in.read();
            if (b < 0) {
                throw new EOFException("the stream ends inside a page header");
            }
            header[len++] = (byte) b;
        }
        return parse(new String(header, 0, len, StandardCharsets.ISO_8859_1));
    }

    /** Reads the pixels of the page whose header was just read into {@code into[0 .. header.bytes())}. */
    void pixels(Header header, byte[] into) throws IOException {
        int total = header.bytes();
        int done = 0;
        while (done < total) {
            int n = in.read(into, done, Math.min(CHUNK, total - done));
            if (n < 0) {
                throw new EOFException("the stream ends after " + done + " of the page's " + total + " bytes");
            }
            done += n;
        }
    }

    private Header parse(String text) throws IOException {
        String[] lines = text.split("\n");
        if (!lines[0].equals("P7")) {
            throw new IOException("not a PAM page (it starts with '" + printable(lines[0]) + "')");
        }
        long width = -1;
        long height = -1;
        boolean depth = false;
        boolean maxval = false;
        boolean cmyk = false;
        for (int i = 1; i < lines.length - 1; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] kv = line.split("\\s+", 2);
            String value = kv.length > 1 ? kv[1] : "";
            switch (kv[0]) {
                case "WIDTH" -> width = number(value);
                case "HEIGHT" -> height = number(value);
                case "DEPTH" -> depth = value.equals("4");
                case "MAXVAL" -> maxval = value.equals("255");
                case "TUPLTYPE" -> cmyk = value.equals("CMYK");
                default -> throw new IOException("an unexpected PAM header line '" + printable(line) + "'");
            }
        }
        if (width < 1 || height < 1 || !depth || !maxval || !cmyk) {
            throw new IOException("not an 8-bit CMYK PAM page: " + printable(text.replace('\n', ' ').strip()));
        }
        if (width * height > maxPixels) {
            throw new IOException("a page of " + width + " x " + height + " pixels, more than the "
                    + maxPixels + " allowed");
        }
        return new Header((int) width, (int) height, 4);
    }

    /**
     * A PPM header whose first byte was read: {@code P6}, then width, height and maxval separated by white space
     * and comments (from {@code #} to the end of the line), then one white-space byte before the pixels.
     */
    private Header ppmHeader(int first) throws IOException {
        int second = in.read();
        if (first != 'P' || second != '6') {
            throw new IOException("not a PPM page (it starts with '" + printable(new String(new char[] {
                    (char) first, (char) Math.max(0, second)})) + "')");
        }
        long[] numbers = new long[3];
        int read = 2;
        int b = in.read();
        for (int i = 0; i < 3; i++) {
            // white space and comments before each number
            while (b == '#' || b == ' ' || b == '\t' || b == '\n' || b == '\r') {
                if (b == '#') {
                    while (b >= 0 && b != '\n') {
                        b = in.read();
                        if (++read > MAX_HEADER_BYTES) {
                            throw new IOException("a page header longer than " + MAX_HEADER_BYTES + " bytes");
                        }
                    }
                } else {
                    b = in.read();
                    read++;
                }
            }
            var digits = new StringBuilder();
            while (b >= '0' && b <= '9') {
                digits.append((char) b);
                b = in.read();
                read++;
            }
            if (b < 0) {
                throw new EOFException("the stream ends inside a page header");
            }
            if (read > MAX_HEADER_BYTES) {
                throw new IOException("a page header longer than " + MAX_HEADER_BYTES + " bytes");
            }
            numbers[i] = number(digits.toString());
        }
        // b is the single white-space byte that ends the header
        if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
            throw new IOException("a PPM header that does not end in white space");
        }
        if (numbers[0] < 1 || numbers[1] < 1 || numbers[2] != 255) {
            throw new IOException("not an 8-bit RGB PPM page: " + numbers[0] + " x " + numbers[1] + ", maxval "
                    + numbers[2]);
        }
        if (numbers[0] * numbers[1] > maxPixels) {
            throw new IOException("a page of " + numbers[0] + " x " + numbers[1] + " pixels, more than the "
                    + maxPixels + " allowed");
        }
        return new Header((int) numbers[0], (int) numbers[1], 3);
    }

    private static long number(String s) throws IOException {
        if (s.isEmpty() || s.length() > 9 || !s.chars().allMatch(Character::isDigit)) {
            throw new IOException("a PAM header number '" + printable(s) + "'");
        }
        return Long.parseLong(s);
    }

    private static boolean endsWith(byte[] buf, int len, String suffix) {
        if (len < suffix.length()) {
            return false;
        }
        for (int i = 0; i < suffix.length(); i++) {
            if (buf[len - suffix.length() + i] != suffix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Text fit for an error message: at most 60 characters, control characters shown as '?'. */
    private static String printable(String s) {
        String cut = s.length() > 60 ? s.substring(0, 60) + "..." : s;
        return cut.chars().map(c -> c < 32 || c > 126 ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }
}
