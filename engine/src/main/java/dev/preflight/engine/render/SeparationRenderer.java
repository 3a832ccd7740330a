package dev.preflight.engine.render;

import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.view.Channel;
import dev.preflight.engine.view.ChannelType;
import dev.preflight.engine.view.SeparationPage;
import org.apache.pdfbox.pdmodel.PDDocument;

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
import java.util.List;
import java.util.stream.Stream;

/**
 * Renders pages to separations with Ghostscript, overprint simulated, one 8-bit plane per ink. Ghostscript renders
 * each page's CropBox (clipped to the MediaBox, UserUnit ignored) turned by /Rotate.
 *
 * <p>Two devices, chosen per page by {@link SpotScan}: a page that can only paint with process inks is rendered by
 * {@code pamcmyk32}, whose CMYK bytes stream over a pipe into the JVM (no files, four to eight times less work for
 * Ghostscript than a separation device); a page that may carry spot inks is rendered by {@code tiffsep}, the device
 * that gives each spot ink its own plate, whose files go to a per-run directory deleted before a call returns.
 * Both give the same process plates except where the two devices' colour pipelines round or blend differently (see
 * docs/benchmarks.md, "CMYK device against tiffsep").
 */
public final class SeparationRenderer {

    /**
     * Largest plane rendered, in pixels (A3 at 300 dpi); bigger pages are rendered at a lower resolution so that a
     * page's planes stay within a few hundred megabytes.
     */
    static final long MAX_PIXELS_PER_PAGE = 16_000_000L;

    private final Ghostscript ghostscript;
    private final Path scratchDir;
    private final Duration timeout;

    /**
     * @param scratchDir parent of the per-run directories of {@code tiffsep}
     * @param timeout    bound on one call
     */
    public SeparationRenderer(Ghostscript ghostscript, Path scratchDir, Duration timeout) {
        this.ghostscript = ghostscript;
        this.scratchDir = scratchDir;
        this.timeout = timeout;
    }

    /**
     * Renders one page's separations (for the viewer), reading the page's geometry and colour spaces first.
     *
     * @throws UnreadablePdfException when the file is not a readable PDF
     * @throws RenderException        when Ghostscript fails or times out
     */
    public SeparationPage render(Path pdf, int pageNum, int dpi) throws UnreadablePdfException, RenderException {
        PageGeometry page;
        boolean spots;
        try (PDDocument doc = PdfOpener.open(pdf, 64L * 1024 * 1024)) {
            DocumentGeometry geometry = DocumentGeometry.of(doc);
            if (pageNum < 1 || pageNum > geometry.pageCount()) {
                throw new IllegalArgumentException("page " + pageNum + " does not exist; the document has "
                        + geometry.pageCount() + " page(s)");
            }
            page = geometry.pages().get(pageNum - 1);
            spots = SpotScan.mayCarrySpots(doc, pageNum);
        } catch (IOException e) {
            throw new UnreadablePdfException("damaged", "The PDF could not be closed cleanly: " + e.getMessage(), e);
        }
        return render(pdf, page, dpi, spots);
    }

    /**
     * Renders one page's separations, its geometry already known; the PDF is opened to scan the page's colour
     * spaces. A page that cannot be scanned is rendered by the separation device. Unless the file writes a
     * Separation or DeviceN name outside its object streams, the CMYK render starts first and runs while PDFBox
     * scans the page; it is dropped if the page may carry spot inks.
     */
    public SeparationPage render(Path pdf, PageGeometry page, int dpi) throws RenderException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int effective = effectiveDpi(page, dpi);
        CmykRun early = null;
        if (!NameSearch.inFile(pdf)) {
            try {
                early = startCmyk(pdf, GhostscriptPool.Pages.of(List.of(page.pageNum())), effective, deadline);
            } catch (RenderException e) {
                // not started: the render below reports it
            }
        }
        try {
            boolean spots = true;
            try (PDDocument doc = PdfOpener.open(pdf, 64L * 1024 * 1024)) {
                spots = SpotScan.mayCarrySpots(doc, page.pageNum());
            } catch (UnreadablePdfException | IOException e) {
                // Ghostscript gets its own say on the file: tiffsep renders it or reports why not
            }
            if (!spots && early != null) {
                var holder = new ArrayList<SeparationPage>(1);
                readCmyk(early, List.of(page), effective, deadline, raster -> holder.add(raster.toSeparationPage()));
                return holder.getFirst();
            }
            if (early != null) {
                early.close();
            }
            return render(pdf, page, dpi, spots);
        } finally {
            if (early != null) {
                early.close();
            }
        }
    }

    /**
     * Renders one page's separations with the device its inks need.
     *
     * @param mayCarrySpots false only when the page is known to paint with process inks only ({@link SpotScan})
     */
    public SeparationPage render(Path pdf, PageGeometry page, int dpi, boolean mayCarrySpots)
            throws RenderException {
        var holder = new ArrayList<SeparationPage>(1);
        long deadline = System.nanoTime() + timeout.toNanos();
        int effective = effectiveDpi(page, dpi);
        if (mayCarrySpots) {
            renderRun(pdf, List.of(page), effective, deadline, holder::add);
        } else {
            renderCmyk(pdf, List.of(page), effective, deadline, raster -> holder.add(raster.toSeparationPage()));
        }
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
        return (long) side(page.widthPts(), dpi) * side(page.heightPts(), dpi);
    }

    private static int side(double points, int dpi) {
        return (int) Math.ceil(Math.max(1, points) * dpi / 72.0);
    }

    /** Receives rendered pages one at a time; the planes are not kept by the renderer. */
    interface PageSink {
        void accept(SeparationPage page) throws RenderException;
    }

    /** Receives CMYK pages one at a time; the raster's buffer is reused for a later page once this returns. */
    interface CmykSink {
        void accept(CmykRaster page) throws RenderException;
    }

    /** The options every render shares: what is rendered (CropBox, no UserUnit) and how (overprint simulated). */
    private static List<String> common(int dpi) {
        return List.of("-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dNOINTERPOLATE", "-dNoUserUnit", "-dUseCropBox",
                "-dOverprint=/simulate", "-r" + dpi);
    }

    /** The pages' numbers as a page selection. */
    private static GhostscriptPool.Pages pageNumbers(List<PageGeometry> pages) {
        return GhostscriptPool.Pages.of(pages.stream().map(PageGeometry::pageNum).toList());
    }

    /** Ascending 1-based page numbers as Ghostscript's page list: {@code 1-3,7,9-12}. */
    static String pageList(List<PageGeometry> pages) {
        var out = new StringBuilder();
        int i = 0;
        while (i < pages.size()) {
            int first = pages.get(i).pageNum();
            int last = first;
            while (i + 1 < pages.size() && pages.get(i + 1).pageNum() == last + 1) {
                last = pages.get(++i).pageNum();
            }
            i++;
            if (!out.isEmpty()) {
                out.append(',');
            }
            out.append(first);
            if (last != first) {
                out.append('-').append(last);
            }
        }
        return out.toString();
    }

    /**
     * Renders pages with the {@code pamcmyk32} device in one Ghostscript run, its output read from a pipe by a
     * reader thread while the sink measures the page before (so Ghostscript renders page n + 1 while the JVM
     * measures page n). At most two pages' bytes are held.
     *
     * @param pages    pages in ascending order, all at this resolution
     * @param deadline {@link System#nanoTime()} by which everything must be done
     */
    void renderCmyk(Path pdf, List<PageGeometry> pages, int dpi, long deadline, CmykSink sink)
            throws RenderException {
        try (CmykRun gs = startCmyk(pdf, pageNumbers(pages), dpi, deadline)) {
            readCmyk(gs, pages, dpi, deadline, sink);
        }
    }

    /**
     * Starts a {@code pamcmyk32} run whose pages are then read by {@link #readCmyk}: the ink pass starts it before
     * it knows which pages it will want, so that Ghostscript's start-up overlaps PDFBox reading the document.
     * <p>A warm pooled process takes the job when one can be had ({@link GhostscriptPool}), else a process of its own.
     */
    CmykRun startCmyk(Path pdf, GhostscriptPool.Pages pages, int dpi, long deadline) throws RenderException {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw new RenderException("Rendering ran out of time before it began", "", true);
        }
        if (GhostscriptPool.enabled()) {
            CmykRun pooled = GhostscriptPool.SHARED.start(ghostscript, common(dpi), pdf, pages, deadline);
            if (pooled != null) {
                return pooled;
            }
            remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                throw new RenderException("Ghostscript did not finish in time and was stopped", "", true);
            }
        }
        var args = new ArrayList<>(common(dpi));
        args.addAll(pages.asOptions());
        // PostScript's %stdout is the pipe the pixels travel on: anything printed there goes to stderr instead
        args.addAll(List.of("-sstdout=%stderr", "-sDEVICE=pamcmyk32", "-o", "-", pdf.toAbsolutePath().toString()));
        return ghostscript.start(args, Duration.ofNanos(remaining));
    }

    /**
     * Reads the pages of a started {@code pamcmyk32} run, which must be exactly {@code pages}, into the sink.
     *
     * @param pages pages in ascending order, all at this resolution
     */
    void readCmyk(CmykRun gs, List<PageGeometry> pages, int dpi, long deadline, CmykSink sink)
            throws RenderException {
        try (var stream = new CmykStream(gs, pages, dpi, MAX_PIXELS_PER_PAGE)) {
            for (int i = 0; i < pages.size(); i++) {
                CmykRaster page = stream.take(deadline);
                sink.accept(page);
                stream.release(page);
            }
            stream.end(deadline);
            gs.finish();
        }
    }

    /**
     * Renders pages with {@code tiffsep} in one Ghostscript run, then hands them to the sink one by one, deleting
     * each page's files once read, and the run directory at the end.
     *
     * @param pages    pages in ascending order, all at this resolution
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
            // '%' in the directory would be read as part of Ghostscript's page-number format
            String outFile = runDir.toAbsolutePath().toString().replace("%", "%%") + "/p%d.tif";
            var args = new ArrayList<>(common(dpi));
            args.addAll(List.of("-sPageList=" + pageList(pages), "-sDEVICE=tiffsep", "-sCompression=pack", "-sOutputFile=" + outFile,
                    pdf.toAbsolutePath().toString()));
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
            TiffPlane.Plane plane;
            try {
                plane = TiffPlane.read(Files.readAllBytes(path), MAX_PIXELS_PER_PAGE * 2);
            } catch (IOException e) {
                throw new IOException("the plate " + ink + " of page " + geometry.pageNum() + ": " + e.getMessage(),
                        e);
            }
            ChannelType type = SeparationPage.PROCESS_INKS.contains(ink) ? ChannelType.PROCESS : ChannelType.SPOT;
            channels.add(new Channel(ink, type, plane.width(), plane.height(), plane.samples()));
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

    /** The size Ghostscript gives a page: each side rounded up, within one pixel. */
    static boolean plausibleSize(PageGeometry page, int dpi, int width, int height) {
        return Math.abs(width - side(page.widthPts(), dpi)) <= 1 && Math.abs(height - side(page.heightPts(), dpi)) <= 1;
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
