package dev.preflight.engine.render;

import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.UnreadablePdfException;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.DataBufferByte;
import java.awt.image.Raster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Renders pages to separations with Ghostscript's {@code tiffsep} device: one 8-bit plane per process and spot
 * ink, overprint simulated. Ghostscript renders each page's CropBox (clipped to the MediaBox, UserUnit ignored)
 * turned by /Rotate; its files go to a per-run directory that is deleted before a call returns.
 */
public final class SeparationRenderer {

    /**
     * Largest plane rendered, in pixels (A3 at 300 dpi); bigger pages are rendered at a lower resolution so that a
     * page's planes and its summed-area table stay within a few hundred megabytes.
     */
    static final long MAX_PIXELS_PER_PAGE = 16_000_000L;

    private final Ghostscript ghostscript;
    private final Path scratchDir;
    private final Duration timeout;

    /**
     * @param scratchDir parent of the per-run directories
     * @param timeout    bound on one call
     */
    public SeparationRenderer(Ghostscript ghostscript, Path scratchDir, Duration timeout) {
        this.ghostscript = ghostscript;
        this.scratchDir = scratchDir;
        this.timeout = timeout;
    }

    /**
     * Renders one page's separations (for the viewer).
     *
     * @throws UnreadablePdfException when the file is not a readable PDF or has no such page
     * @throws RenderException        when Ghostscript fails or times out
     */
    public SeparationPage render(Path pdf, int pageNum, int dpi) throws UnreadablePdfException, RenderException {
        DocumentGeometry doc = DocumentGeometry.read(pdf, 64L * 1024 * 1024);
        if (pageNum < 1 || pageNum > doc.pageCount()) {
            throw new IllegalArgumentException("page " + pageNum + " does not exist; the document has "
                    + doc.pageCount() + " page(s)");
        }
        return render(pdf, doc.pages().get(pageNum - 1), dpi);
    }

    /** Renders one page's separations, its geometry already known. */
    public SeparationPage render(Path pdf, PageGeometry page, int dpi) throws RenderException {
        var holder = new ArrayList<SeparationPage>(1);
        renderRun(pdf, List.of(page), effectiveDpi(page, dpi), System.nanoTime() + timeout.toNanos(), holder::add);
        return holder.getFirst();
    }

    /** The resolution a page is actually rendered at: {@code dpi}, or lower when the page would be too large. */
    public static int effectiveDpi(PageGeometry page, int dpi) {
        double w = Math.max(1, page.widthPts());
        double h = Math.max(1, page.heightPts());
        if (pixels(page, dpi) <= MAX_PIXELS_PER_PAGE) {
            return dpi;
        }
        int reduced = (int) Math.floor(Math.sqrt(MAX_PIXELS_PER_PAGE / (w * h)) * 72.0);
        return Math.max(1, Math.min(dpi, reduced));
    }

    /** Pixels of a page's plane at a resolution (Ghostscript rounds each side up). */
    static long pixels(PageGeometry page, int dpi) {
        return (long) Math.ceil(Math.max(1, page.widthPts()) * dpi / 72.0)
                * (long) Math.ceil(Math.max(1, page.heightPts()) * dpi / 72.0);
    }

    /** Receives rendered pages one at a time; the planes are not kept by the renderer. */
    interface PageSink {
        void accept(SeparationPage page) throws RenderException;
    }

    /**
     * Renders consecutive pages in one Ghostscript run, then hands them to the sink one by one, deleting each
     * page's files once read, and the run directory at the end.
     *
     * @param pages    consecutive pages, in order
     * @param deadline {@link System#nanoTime()} by which everything must be done
     */
    void renderRun(Path pdf, List<PageGeometry> pages, int dpi, long deadline, PageSink sink)
            throws RenderException {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw new RenderException("Rendering ran out of time before page " + pages.getFirst().pageNum(), "",
                    true);
        }
        Path runDir;
        try {
            Files.createDirectories(scratchDir);
            runDir = Files.createTempDirectory(scratchDir, "gs-sep-");
        } catch (IOException e) {
            throw new RenderException("The scratch directory " + scratchDir + " is not usable: " + e.getMessage(),
                    "", false);
        }
        try {
            int first = pages.getFirst().pageNum();
            int last = pages.getLast().pageNum();
            // '%' in the directory would be read as part of Ghostscript's page-number format
            String outFile = runDir.toAbsolutePath().toString().replace("%", "%%") + "/p%d.tif";
            var args = List.of("-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dNOINTERPOLATE", "-dNoUserUnit",
                    "-dUseCropBox", "-sDEVICE=tiffsep", "-sCompression=pack", "-dOverprint=/simulate", "-r" + dpi,
                    "-dFirstPage=" + first, "-dLastPage=" + last, "-sOutputFile=" + outFile,
                    pdf.toAbsolutePath().toString());
            Ghostscript.Result result = ghostscript.run(args, runDir, Duration.ofNanos(remaining));
            List<String> names;
            try (Stream<Path> files = Files.list(runDir)) {
                names = files.map(p -> p.getFileName().toString()).toList();
            }
            for (int i = 0; i < pages.size(); i++) {
                PageGeometry geometry = pages.get(i);
                SeparationPage page = readPage(runDir, names, i + 1, geometry, dpi, result);
                sink.accept(page);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new RenderException("Ghostscript's separations could not be read: " + e.getMessage(), "", false);
        } finally {
            deleteTree(runDir);
        }
    }

    /** Reads and deletes the separation files of the {@code index}-th page of a run. */
    private static SeparationPage readPage(Path runDir, List<String> names, int index, PageGeometry geometry,
                                           int dpi, Ghostscript.Result run) throws IOException, RenderException {
        String prefix = "p" + index + "(";
        var channels = new ArrayList<Channel>();
        for (String file : names) {
            if (!file.startsWith(prefix) || !file.endsWith(").tif")) {
                continue;
            }
            String ink = decodeSeparationName(file.substring(prefix.length(), file.length() - ").tif".length()));
            Path path = runDir.resolve(file);
            channels.add(readPlane(path, ink));
            Files.deleteIfExists(path);
        }
        Files.deleteIfExists(runDir.resolve("p" + index + ".tif"));
        if (channels.isEmpty()) {
            // Ghostscript exits with 0 when it gives up on a file it cannot interpret: its message says why
            String said = Ghostscript.firstErrorLine(run.stderr(), run.stdout());
            throw new RenderException("Ghostscript produced no separations for page " + geometry.pageNum()
                    + (said.isEmpty() ? "" : " (" + said + ")"), run.stderr() + run.stdout(), false);
        }
        int width = channels.getFirst().width();
        int height = channels.getFirst().height();
        for (Channel c : channels) {
            if (c.width() != width || c.height() != height) {
                throw new RenderException("Separations of page " + geometry.pageNum() + " differ in size", "",
                        false);
            }
        }
        channels.sort(Comparator.comparingInt(SeparationRenderer::plateOrder).thenComparing(Channel::name));
        return new SeparationPage(geometry.pageNum(), dpi, width, height, channels, geometry);
    }

    private static int plateOrder(Channel c) {
        int i = SeparationPage.PROCESS_INKS.indexOf(c.name());
        return c.type() == ChannelType.PROCESS && i >= 0 ? i : SeparationPage.PROCESS_INKS.size();
    }

    private static Channel readPlane(Path file, String ink) throws IOException {
        ImageReader reader = null;
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw new IOException("no TIFF reader for " + file.getFileName());
            }
            reader = readers.next();
            reader.setInput(in, true, true);
            Raster raster = reader.read(0).getRaster();
            int w = raster.getWidth();
            int h = raster.getHeight();
            if (raster.getNumBands() != 1) {
                throw new IOException(file.getFileName() + " is not a single-channel plane");
            }
            byte[] plane;
            if (raster.getDataBuffer() instanceof DataBufferByte db && db.getData().length == w * h
                    && raster.getSampleModelTranslateX() == 0 && raster.getSampleModelTranslateY() == 0) {
                plane = db.getData();
            } else {
                plane = new byte[w * h];
                int[] row = new int[w];
                for (int y = 0; y < h; y++) {
                    raster.getSamples(0, y, w, 1, 0, row);
                    for (int x = 0; x < w; x++) {
                        plane[y * w + x] = (byte) row[x];
                    }
                }
            }
            ChannelType type = SeparationPage.PROCESS_INKS.contains(ink) ? ChannelType.PROCESS : ChannelType.SPOT;
            return new Channel(ink, type, w, h, plane);
        } finally {
            if (reader != null) {
                reader.dispose();
            }
        }
    }

    /**
     * Undoes Ghostscript's file-name escaping of separation names: bytes it cannot put in a file name (and '%')
     * become {@code %XX}. The bytes are the PDF name's bytes, read as UTF-8 when they are valid UTF-8 and as
     * Latin-1 otherwise.
     */
    static String decodeSeparationName(String escaped) {
        var bytes = new ByteArrayOutputStream(escaped.length());
        byte[] raw = escaped.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '%' && i + 2 < raw.length && hex(raw[i + 1]) >= 0 && hex(raw[i + 2]) >= 0) {
                bytes.write(hex(raw[i + 1]) * 16 + hex(raw[i + 2]));
                i += 2;
            } else {
                bytes.write(raw[i]);
            }
        }
        byte[] decoded = bytes.toByteArray();
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(decoded)).toString();
        } catch (CharacterCodingException e) {
            return new String(decoded, StandardCharsets.ISO_8859_1);
        }
    }

    private static int hex(byte b) {
        return Character.digit(b, 16);
    }

    static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort: a file still open on a slow file system is left to the next clean-up
                }
            });
        } catch (IOException ignored) {
            // the directory vanished meanwhile
        }
    }
}
