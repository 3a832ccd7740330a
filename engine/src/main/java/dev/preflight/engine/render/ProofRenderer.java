package dev.preflight.engine.render;

import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.view.PixelRect;
import dev.preflight.engine.view.RasterGrid;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Soft proofs with Ghostscript: a page rendered for the press and shown in sRGB. Ghostscript's {@code ppmraw}
 * device runs with {@code -dOverprint=/simulate}, which composes the page in CMYK plus one plane per spot ink
 * (overprint, overprint mode and transparency applied there) and converts the result to sRGB at the end, spots
 * through their alternate or Lab values. The output condition's CMYK profile is the profile of DeviceCMYK (so the
 * file's CMYK numbers are read as the press's) and, for files with ICC-based CMYK in other profiles, also the proof
 * profile (so such colours are first converted into the press's CMYK and shown from there, not converted to the
 * screen directly).
 *
 * <p>Ghostscript renders the whole page (its CropBox, as the separations); a region is cut out of the stream as
 * the rows arrive, so memory holds only the region while Ghostscript's own memory stays banded. Renders run on a
 * warm pooled process ({@link GhostscriptPool}) when one can be had.
 */
public final class ProofRenderer {

    /**
     * Most pixels Ghostscript renders at once for a proof (about A4 at 300 dpi): a larger page is rendered through
     * windows ({@link #window}), a region of it through one window, the whole of it in strips. Ghostscript 10.00
     * renders a page above its {@code MaxBitmap} in bands, and its banded overprint simulation forgets
     * {@code DefaultCMYKProfile} (DeviceCMYK comes out through its own default profile instead); so proofs never
     * band ({@code MaxBitmap} is raised) and this bound keeps what one render holds small.
     */
    static final long MAX_UNBANDED_PIXELS = 9_000_000L;

    private final Ghostscript ghostscript;
    private final Duration timeout;

    /**
     * @param timeout bound on one render
     */
    public ProofRenderer(Ghostscript ghostscript, Duration timeout) {
        this.ghostscript = ghostscript;
        this.timeout = timeout;
    }

    /**
     * RGB pixels, three bytes each, rows top first.
     *
     * @param width  pixels per row
     * @param height rows
     * @param rgb    {@code 3 x width x height} bytes
     */
    public record RgbPixels(int width, int height, byte[] rgb) {
    }

    /**
     * The options of a proof: what is rendered (CropBox, no UserUnit, as the separations) and how (overprint
     * simulated, DeviceCMYK and the proof through {@code cmykProfile}).
     */
    static List<String> options(int dpi, Path cmykProfile, boolean viaProof) {
        String profile = cmykProfile.toAbsolutePath().toString();
        var options = new ArrayList<>(List.of("-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dNOINTERPOLATE",
                "-dNoUserUnit", "-dUseCropBox", "-dOverprint=/simulate", "-dMaxBitmap=1000000000",
                "--permit-file-read=" + profile,
                "-sDefaultCMYKProfile=" + profile));
        if (viaProof) {
            options.add("-sProofProfile=" + profile);
        }
        options.add("-r" + dpi);
        return List.copyOf(options);
    }

    /**
     * Renders a page and keeps the pixels of a rectangle of its grid.
     *
     * @param pdf         the file (or a copy with other layers shown)
     * @param page        the page's geometry
     * @param dpi         resolution
     * @param rect        the pixels to keep, on the page's grid at {@code dpi}; pixels Ghostscript does not
     *                    render (a page one pixel smaller than the grid) stay white
     * @param cmykProfile the output condition's CMYK ICC profile
     * @param viaProof    also make it the proof profile, so that colours in other ICC-based CMYK spaces are
     *                    converted into it before they are shown
     * @throws RenderException when Ghostscript fails, writes something else than the page, or runs out of time
     */
    public RgbPixels render(Path pdf, PageGeometry page, int dpi, PixelRect rect, Path cmykProfile,
                            boolean viaProof) throws RenderException {
        long pagePixels = SeparationRenderer.pixels(page, dpi);
        if (pagePixels > MAX_UNBANDED_PIXELS) {
            if (page.rotation() % 360 != 0) {
                int most = (int) Math.floor(dpi * Math.sqrt((double) MAX_UNBANDED_PIXELS / pagePixels));
                throw new RenderException("A soft proof of the turned page " + page.pageNum() + " can be at most "
                        + most + " dpi (" + MAX_UNBANDED_PIXELS / 1_000_000 + " megapixels); ask for a lower dpi or"
                        + " proof=off", "", false);
            }
            return strips(pdf, page, dpi, rect, cmykProfile, viaProof);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> options = options(dpi, cmykProfile, viaProof);
        var pages = GhostscriptPool.Pages.of(List.of(page.pageNum()));
        CmykRun pooled = GhostscriptPool.enabled()
                ? GhostscriptPool.SHARED.start(ghostscript, "ppmraw", options, pdf, pages, deadline) : null;
        CmykRun run = pooled;
        if (run == null) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                throw new RenderException("Ghostscript did not finish in time and was stopped", "", true);
            }
            var args = new ArrayList<>(options);
            args.addAll(pages.asOptions());
            args.addAll(List.of("-sstdout=%stderr", "-sDEVICE=ppmraw", "-o", "-", pdf.toAbsolutePath().toString()));
            run = ghostscript.start(args, Duration.ofNanos(remaining));
        }
        return readAll(run, page, dpi, deadline, gs -> read(gs, page, dpi, rect));
    }

    /** A rectangle of an unrotated page through windows of at most {@link #MAX_UNBANDED_PIXELS} each. */
    private RgbPixels strips(Path pdf, PageGeometry page, int dpi, PixelRect rect, Path cmykProfile,
                             boolean viaProof) throws RenderException {
        if (rect.pixels() <= MAX_UNBANDED_PIXELS) {
            return window(pdf, page, dpi, rect, cmykProfile, viaProof);
        }
        int rows = (int) Math.max(1, MAX_UNBANDED_PIXELS / rect.width());
        byte[] out = new byte[3 * rect.width() * rect.height()];
        for (int y = 0; y < rect.height(); y += rows) {
            var strip = new PixelRect(rect.x(), rect.y() + y, rect.width(), Math.min(rows, rect.height() - y));
            RgbPixels part = window(pdf, page, dpi, strip, cmykProfile, viaProof);
            System.arraycopy(part.rgb(), 0, out, 3 * y * rect.width(), part.rgb().length);
        }
        return new RgbPixels(rect.width(), rect.height(), out);
    }

    /**
     * Renders only a rectangle of an unrotated page, on a process of its own: a fixed media of the rectangle's size
     * with the page shifted under it ({@code /PageOffset}), so Ghostscript draws (and simulates overprint in) that
     * window only. The rectangle's edges lie on whole pixels of the page's grid, which is anchored at the page's
     * bottom edge (see {@link RasterGrid}).
     */
    private RgbPixels window(Path pdf, PageGeometry page, int dpi, PixelRect rect, Path cmykProfile,
                             boolean viaProof) throws RenderException {
        long deadline = System.nanoTime() + timeout.toNanos();
        double scale = dpi / 72.0;
        int gridHeight = RasterGrid.of(page, dpi).height();
        double left = rect.x() / scale;
        double bottom = (gridHeight - rect.y() - rect.height()) / scale;
        var args = new ArrayList<>(options(dpi, cmykProfile, viaProof));
        args.addAll(GhostscriptPool.Pages.of(List.of(page.pageNum())).asOptions());
        args.addAll(List.of("-dFIXEDMEDIA", "-g" + rect.width() + "x" + rect.height(), "-sstdout=%stderr",
                "-sDEVICE=ppmraw", "-o", "-", "-c", String.format(java.util.Locale.ROOT,
                        "<< /PageOffset [%.6f %.6f] >> setpagedevice", -left, bottom),
                "-f", pdf.toAbsolutePath().toString()));
        CmykRun run = ghostscript.start(args, Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
        return readAll(run, page, dpi, deadline, gs -> {
            PamReader ppm = PamReader.rgb(gs.pixels(), rect.pixels() + 1);
            PamReader.Header h = ppm.next();
            if (h == null) {
                throw new EOFException("Ghostscript wrote no page");
            }
            if (h.width() != rect.width() || h.height() != rect.height()) {
                throw new IOException("a window of " + h.width() + " x " + h.height() + " pixels where "
                        + rect.width() + " x " + rect.height() + " was asked for");
            }
            byte[] out = new byte[h.bytes()];
            ppm.pixels(h, out);
            gs.expectEnd(ppm);
            return new RgbPixels(h.width(), h.height(), out);
        });
    }

    /** Reads a run's output on a thread of its own, within the deadline. */
    private static RgbPixels readAll(CmykRun run, PageGeometry page, int dpi, long deadline, Reader reader)
            throws RenderException {
        try (CmykRun gs = run) {
            gs.expectPages(1);
            var reading = new CompletableFuture<RgbPixels>();
            Thread thread = Thread.ofPlatform().daemon().name("gs-proof-reader").start(() -> {
                try {
                    reading.complete(reader.read(gs));
                } catch (Throwable e) {
                    reading.completeExceptionally(e);
                }
            });
            RgbPixels pixels;
            try {
                pixels = reading.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                gs.close();
                thread.interrupt();
                throw new RenderException("Ghostscript did not finish in time and was stopped", gs.stderr(), true);
            } catch (InterruptedException e) {
                gs.close();
                Thread.currentThread().interrupt();
                throw new RenderException("Interrupted while Ghostscript was running", gs.stderr(), false);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof EOFException) {
                    // the stream ended early: the exit status (or the job's error) says why
                    gs.finish();
                }
                throw gs.failure("Ghostscript's proof of page " + page.pageNum() + " could not be read: "
                        + e.getCause().getMessage());
            }
            gs.finish();
            return pixels;
        }
    }

    /** Reads a run's pixels. */
    @FunctionalInterface
    private interface Reader {
        RgbPixels read(CmykRun gs) throws IOException;
    }

    private static RgbPixels read(CmykRun gs, PageGeometry page, int dpi, PixelRect rect) throws IOException {
        // a page may be a pixel larger than asked for on each side
        long most = SeparationRenderer.pixels(page, dpi);
        PamReader ppm = PamReader.rgb(gs.pixels(), most + 2 * (long) Math.sqrt(most) + 2);
        PamReader.Header h = ppm.next();
        if (h == null) {
            throw new EOFException("Ghostscript wrote no page");
        }
        if (!SeparationRenderer.plausibleSize(page, dpi, h.width(), h.height())) {
            throw new IOException("a page of " + h.width() + " x " + h.height() + " pixels where page "
                    + page.pageNum() + " was expected");
        }
        byte[] out = new byte[3 * rect.width() * rect.height()];
        Arrays.fill(out, (byte) 0xFF);
        byte[] row = new byte[3 * h.width()];
        InputStream in = gs.pixels();
        int left = Math.min(rect.x(), h.width());
        int right = Math.min(rect.x() + rect.width(), h.width());
        for (int y = 0; y < h.height(); y++) {
            int got = in.readNBytes(row, 0, row.length);
            if (got < row.length) {
                throw new EOFException("the stream ends inside row " + y);
            }
            int ry = y - rect.y();
            if (ry >= 0 && ry < rect.height() && right > left) {
                System.arraycopy(row, 3 * left, out, 3 * ry * rect.width(), 3 * (right - left));
            }
        }
        gs.expectEnd(ppm);
        return new RgbPixels(rect.width(), rect.height(), out);
    }
}
