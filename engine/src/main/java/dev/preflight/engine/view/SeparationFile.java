package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * A {@link SeparationPage} stored as one file, so a render can be cached (on disk or in a blob store) and read back
 * without running Ghostscript again, whole or a few pixels at a time.
 *
 * <p>Layout (big-endian): the magic {@code PFSEP} and a version byte (1); page number, dpi, width and height; the
 * page geometry (MediaBox, CropBox, which of Trim/Bleed/ArtBox follow, those boxes, rotation, UserUnit); the band
 * height in rows; the channel count; per channel its name (modified UTF-8) and type (0 process, 1 spot); then the
 * compressed length of every band of every channel; then the bands, each a zlib stream of {@code width x rows}
 * samples (255 = no ink, as Ghostscript writes them). Bands of 64 rows keep a densitometer reading to a few
 * kilobytes of decompression; a text page at 150 dpi takes a few hundred kilobytes.
 */
public final class SeparationFile {

    private static final byte[] MAGIC = {'P', 'F', 'S', 'E', 'P', 1};
    static final int BAND_ROWS = 64;
    private static final int MAX_CHANNELS = 256;
    private static final int MAX_SIDE = 1 << 17;
    /** Far above what SeparationRenderer renders (16 megapixels); bounds what a damaged header can make us allocate. */
    private static final long MAX_PIXELS = 256L << 20;

    private final Path file;
    private final int pageNum;
    private final int dpi;
    private final int width;
    private final int height;
    private final PageGeometry geometry;
    private final int bandRows;
    private final List<ChannelInfo> channels;
    private final long[] bandOffsets;
    private final int[] bandLengths;

    private SeparationFile(Path file, Header h, long dataStart) {
        this.file = file;
        this.pageNum = h.pageNum;
        this.dpi = h.dpi;
        this.width = h.width;
        this.height = h.height;
        this.geometry = h.geometry;
        this.bandRows = h.bandRows;
        this.channels = h.channels;
        this.bandLengths = h.bandLengths;
        this.bandOffsets = new long[h.bandLengths.length];
        long at = dataStart;
        for (int i = 0; i < bandLengths.length; i++) {
            bandOffsets[i] = at;
            at += bandLengths[i];
        }
    }

    /** Writes a page to a file atomically (a temporary file beside it, then a move). */
    public static void write(SeparationPage page, Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".sep-", ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                write(page, out);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes a page to a stream (left open). */
    public static void write(SeparationPage page, OutputStream target) throws IOException {
        int w = page.width();
        int h = page.height();
        int bands = (h + BAND_ROWS - 1) / BAND_ROWS;
        List<Channel> list = page.channels();
        byte[][] compressed = new byte[list.size() * bands][];
        var deflater = new Deflater(Deflater.BEST_SPEED);
        byte[] buf = new byte[64 * 1024];
        try {
            for (int c = 0; c < list.size(); c++) {
                byte[] plane = list.get(c).plane();
                for (int b = 0; b < bands; b++) {
                    int from = b * BAND_ROWS * w;
                    int len = Math.min(BAND_ROWS, h - b * BAND_ROWS) * w;
                    deflater.reset();
                    deflater.setInput(plane, from, len);
                    deflater.finish();
                    var bytes = new ByteArrayOutputStream(Math.max(64, len / 16));
                    while (!deflater.finished()) {
                        int n = deflater.deflate(buf);
                        bytes.write(buf, 0, n);
                    }
                    compressed[c * bands + b] = bytes.toByteArray();
                }
            }
        } finally {
            deflater.end();
        }
        var out = new DataOutputStream(new BufferedOutputStream(target, 64 * 1024));
        out.write(MAGIC);
        out.writeInt(page.pageNum());
        out.writeInt(page.dpi());
        out.writeInt(w);
        out.writeInt(h);
        PageGeometry g = page.geometry();
        box(out, g.mediaBox());
        box(out, g.cropBox());
        out.writeByte((g.trimBox() != null ? 1 : 0) | (g.bleedBox() != null ? 2 : 0) | (g.artBox() != null ? 4 : 0));
        for (Box b : new Box[] {g.trimBox(), g.bleedBox(), g.artBox()}) {
            if (b != null) {
                box(out, b);
            }
        }
        out.writeInt(g.rotation());
        out.writeDouble(g.userUnit());
        out.writeInt(BAND_ROWS);
        out.writeInt(list.size());
        for (Channel c : list) {
            out.writeUTF(c.name());
            out.writeByte(c.type() == ChannelType.PROCESS ? 0 : 1);
        }
        for (byte[] band : compressed) {
            out.writeInt(band.length);
        }
        for (byte[] band : compressed) {
            out.write(band);
        }
        out.flush();
    }

    /** Reads a whole page from a stream. */
    public static SeparationPage read(InputStream in) throws IOException {
        var counting = new DataInputStream(new BufferedInputStream(in, 64 * 1024));
        Header h = header(counting, Long.MAX_VALUE);
        var planes = new byte[h.channels.size()][];
        int bands = h.bands();
        for (int c = 0; c < planes.length; c++) {
            planes[c] = new byte[h.width * h.height];
            for (int b = 0; b < bands; b++) {
                byte[] z = new byte[h.bandLengths[c * bands + b]];
                counting.readFully(z);
                int from = b * h.bandRows * h.width;
                int len = Math.min(h.bandRows, h.height - b * h.bandRows) * h.width;
                inflate(z, planes[c], from, len);
            }
        }
        return h.page(planes);
    }

    /** Reads a whole page from a file. */
    public static SeparationPage read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        }
    }

    /** Reads a file's header and band index only; pixels are read on demand by {@link #window} and {@link #load}. */
    public static SeparationFile open(Path file) throws IOException {
        long size = Files.size(file);
        try (var in = new CountingStream(new BufferedInputStream(Files.newInputStream(file), 16 * 1024))) {
            Header h = header(new DataInputStream(in), size);
            return new SeparationFile(file, h, in.count);
        }
    }

    public int pageNum() {
        return pageNum;
    }

    public int dpi() {
        return dpi;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public PageGeometry geometry() {
        return geometry;
    }

    /** The channels in the order they were stored (plate order for renders of {@code SeparationRenderer}). */
    public List<ChannelInfo> channels() {
        return channels;
    }

    /** The pixel grid the planes lie on. */
    public RasterGrid grid() {
        return new RasterGrid(geometry, dpi, width, height);
    }

    /** Reads every plane: the page as it was written. */
    public SeparationPage load() throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        }
    }

    /**
     * Ink (0 none .. 255 solid) of every channel over a pixel rectangle: {@code [channel][row * rect.width + col]},
     * channels in {@link #channels()} order. Only the bands the rectangle crosses are read.
     */
    public int[][] window(PixelRect rect) throws IOException {
        if (rect.x() + rect.width() > width || rect.y() + rect.height() > height) {
            throw new IllegalArgumentException("rectangle " + rect + " is not inside " + width + "x" + height);
        }
        int bands = (height + bandRows - 1) / bandRows;
        int firstBand = rect.y() / bandRows;
        int lastBand = (rect.y() + rect.height() - 1) / bandRows;
        int[][] out = new int[channels.size()][rect.width() * rect.height()];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int c = 0; c < channels.size(); c++) {
                for (int b = firstBand; b <= lastBand; b++) {
                    int index = c * bands + b;
                    ByteBuffer z = ByteBuffer.allocate(bandLengths[index]);
                    long at = bandOffsets[index];
                    while (z.hasRemaining()) {
                        if (ch.read(z, at + z.position()) < 0) {
                            throw new EOFException("The separation file " + file.getFileName() + " is truncated");
                        }
                    }
                    int rows = Math.min(bandRows, height - b * bandRows);
                    byte[] band = new byte[rows * width];
                    inflate(z.array(), band, 0, band.length);
                    int top = b * bandRows;
                    for (int y = Math.max(rect.y(), top); y < Math.min(rect.y() + rect.height(), top + rows); y++) {
                        for (int x = rect.x(); x < rect.x() + rect.width(); x++) {
                            out[c][(y - rect.y()) * rect.width() + (x - rect.x())] =
                                    255 - (band[(y - top) * width + x] & 0xff);
                        }
                    }
                }
            }
        }
        return out;
    }

    private static void inflate(byte[] z, byte[] into, int from, int len) throws IOException {
        var inflater = new Inflater();
        try {
            inflater.setInput(z);
            int done = 0;
            while (done < len) {
                int n = inflater.inflate(into, from + done, len - done);
                if (n == 0 && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                done += n;
            }
            if (done != len || !inflater.finished()) {
                throw new IOException("The separation file is damaged: a band holds " + done + " of " + len
                        + " bytes");
            }
        } catch (DataFormatException e) {
            throw new IOException("The separation file is damaged: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
    }

    private static void box(DataOutputStream out, Box b) throws IOException {
        out.writeDouble(b.x0());
        out.writeDouble(b.y0());
        out.writeDouble(b.x1());
        out.writeDouble(b.y1());
    }

    private static Box box(DataInputStream in) throws IOException {
        return new Box(in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
    }

    private static Header header(DataInputStream in, long fileSize) throws IOException {
        byte[] magic = new byte[MAGIC.length];
        in.readFully(magic);
        if (!java.util.Arrays.equals(magic, MAGIC)) {
            throw new IOException("Not a separation file of this version");
        }
        var h = new Header();
        h.pageNum = in.readInt();
        h.dpi = in.readInt();
        h.width = in.readInt();
        h.height = in.readInt();
        if (h.pageNum < 1 || h.dpi < 1 || h.width < 1 || h.height < 1 || h.width > MAX_SIDE || h.height > MAX_SIDE
                || (long) h.width * h.height > MAX_PIXELS) {
            throw new IOException("The separation file is damaged: page " + h.pageNum + ", " + h.width + "x"
                    + h.height + " at " + h.dpi + " dpi");
        }
        Box media = box(in);
        Box crop = box(in);
        int flags = in.readUnsignedByte();
        Box trim = (flags & 1) != 0 ? box(in) : null;
        Box bleed = (flags & 2) != 0 ? box(in) : null;
        Box art = (flags & 4) != 0 ? box(in) : null;
        int rotation = in.readInt();
        double userUnit = in.readDouble();
        h.geometry = new PageGeometry(h.pageNum, media, crop, trim, bleed, art, rotation, userUnit);
        h.bandRows = in.readInt();
        int count = in.readInt();
        if (h.bandRows < 1 || count < 0 || count > MAX_CHANNELS) {
            throw new IOException("The separation file is damaged: " + count + " channels in bands of "
                    + h.bandRows + " rows");
        }
        var channels = new ArrayList<ChannelInfo>(count);
        for (int i = 0; i < count; i++) {
            String name = in.readUTF();
            int type = in.readUnsignedByte();
            channels.add(new ChannelInfo(name, type == 0 ? ChannelType.PROCESS : ChannelType.SPOT));
        }
        h.channels = List.copyOf(channels);
        int total = count * h.bands();
        h.bandLengths = new int[total];
        long sum = 0;
        for (int i = 0; i < total; i++) {
            h.bandLengths[i] = in.readInt();
            sum += h.bandLengths[i];
            if (h.bandLengths[i] < 0 || sum > fileSize) {
                throw new IOException("The separation file is damaged or truncated: its bands need more bytes than"
                        + " it holds");
            }
        }
        return h;
    }

    private static final class Header {
        int pageNum;
        int dpi;
        int width;
        int height;
        PageGeometry geometry;
        int bandRows;
        List<ChannelInfo> channels;
        int[] bandLengths;

        int bands() {
            return (height + bandRows - 1) / bandRows;
        }

        SeparationPage page(byte[][] planes) {
            var list = new ArrayList<Channel>(planes.length);
            for (int c = 0; c < planes.length; c++) {
                list.add(new Channel(channels.get(c).name(), channels.get(c).type(), width, height, planes[c]));
            }
            return new SeparationPage(pageNum, dpi, width, height, list, geometry);
        }
    }

    /** Counts the bytes read through it, to find where the header ends. */
    private static final class CountingStream extends FilterInputStream {
        long count;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
