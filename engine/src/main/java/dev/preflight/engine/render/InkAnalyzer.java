package dev.preflight.engine.render;

import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.view.SeparationPage;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedSet;
import java.util.TreeMap;

/**
 * Measures rendered ink per page: Ghostscript separations (overprint simulated) of each page's CropBox, then
 * coverage, windowed TAC (GWG D0027/D0028), area above the limits, greys and empty pages ({@link PageInkMeter}).
 *
 * <p>Pages that can only paint with process inks ({@link SpotScan}) are rendered in one Ghostscript run by a CMYK
 * device streamed into the JVM and measured while Ghostscript renders the next one; pages that may carry spot inks
 * are rendered by {@code tiffsep} a few at a time and measured one at a time. Memory holds at most two pages'
 * pixels. An analyzer remembers the separations it saw ({@link #separations()}): use one per document, from one
 * thread.
 */
public final class InkAnalyzer {

    /**
     * Pages per {@code tiffsep} run. Each run costs Ghostscript about 0.2 s of start-up and parsing, so pages are
     * batched; the batch's files sit on disk until read.
     */
    static final int PAGES_PER_RUN = 32;
    /**
     * Pixels per {@code tiffsep} run. Planes are PackBits-compressed (a text page's four planes take a few hundred
     * kilobytes at 150 dpi), but Ghostscript's composite CMYK file and photographic pages compress little: at worst
     * a run holds about eight bytes per pixel, so this bounds the scratch space to some 250 MB.
     */
    static final long PIXELS_PER_RUN = 32_000_000L;

    private final SequencedSet<String> separationsSeen = new LinkedHashSet<>();

    /**
     * Measures every page in the options' range.
     *
     * @return ink per 1-based page
     * @throws UnreadablePdfException when the file is not a PDF PDFBox can read
     * @throws RenderException        when Ghostscript fails, times out or writes nothing usable
     */
    public Map<Integer, InkFacts> analyze(Path pdf, InkOptions options) throws UnreadablePdfException,
            RenderException {
        long deadline = System.nanoTime() + options.timeout().toNanos();
        SeparationRenderer renderer = renderer(options);
        // most documents are process-only pages of one size: Ghostscript starts on the whole range at once and
        // renders its first page while PDFBox reads the document; the run is dropped if the pages need otherwise.
        // A file that writes a Separation or DeviceN name outside object streams likely has spot pages: no start.
        CmykRun early = null;
        if (!NameSearch.inFile(pdf)) {
            try {
                early = renderer.startCmyk(pdf, GhostscriptPool.Pages.range(options.firstPage(), options.lastPage()),
                        options.dpi(), deadline);
            } catch (RenderException e) {
                // not started: the run that needs Ghostscript reports it, after PDFBox had its say on the file
            }
        }
        try {
            DocumentGeometry doc;
            SpotPages spots;
            try (PDDocument document = PdfOpener.open(pdf, 64L * 1024 * 1024)) {
                doc = DocumentGeometry.of(document);
                spots = SpotScan.scan(document, pdf);
            } catch (IOException e) {
                throw new UnreadablePdfException("damaged", "The PDF could not be closed cleanly: " + e.getMessage(),
                        e);
            }
            List<PageGeometry> range = inRange(doc.pages(), options);
            if (early != null && !range.isEmpty() && range.stream().allMatch(p -> spots.processOnly(p.pageNum())
                    && SeparationRenderer.effectiveDpi(p, options.dpi()) == options.dpi())) {
                var result = new TreeMap<Integer, InkFacts>();
                renderer.readCmyk(early, range, options.dpi(), deadline, raster -> measure(raster, options, result));
                return Collections.unmodifiableMap(result);
            }
            if (early != null) {
                early.close();
            }
            return analyze(pdf, doc.pages(), spots, options, deadline);
        } finally {
            if (early != null) {
                early.close();
            }
        }
    }

    /**
     * Measures every page in the options' range, the document's geometry already read. The PDF is opened once more
     * to find the pages without spot inks; when it cannot be, every page is rendered by the separation device.
     */
    public Map<Integer, InkFacts> analyze(Path pdf, List<PageGeometry> pages, InkOptions options)
            throws RenderException {
        SpotPages spots = SpotPages.unknown();
        try (PDDocument document = PdfOpener.open(pdf, 64L * 1024 * 1024)) {
            spots = SpotScan.scan(document, pdf);
        } catch (UnreadablePdfException | IOException e) {
            // Ghostscript gets its own say on the file
        }
        return analyze(pdf, pages, spots, options);
    }

    /** Measures every page in the options' range, the document's geometry and spot pages already known. */
    public Map<Integer, InkFacts> analyze(Path pdf, List<PageGeometry> pages, SpotPages spots, InkOptions options)
            throws RenderException {
        return analyze(pdf, pages, spots, options, System.nanoTime() + options.timeout().toNanos());
    }

    private Map<Integer, InkFacts> analyze(Path pdf, List<PageGeometry> pages, SpotPages spots, InkOptions options,
                                           long deadline) throws RenderException {
        SeparationRenderer renderer = renderer(options);
        var result = new TreeMap<Integer, InkFacts>();
        // process-only pages by resolution (huge pages are rendered coarser), each group one CMYK run
        var cmyk = new TreeMap<Integer, List<PageGeometry>>();
        var separated = new ArrayList<PageGeometry>();
        for (PageGeometry page : inRange(pages, options)) {
            if (spots.processOnly(page.pageNum())) {
                cmyk.computeIfAbsent(SeparationRenderer.effectiveDpi(page, options.dpi()), d -> new ArrayList<>())
                        .add(page);
            } else {
                separated.add(page);
            }
        }
        for (var group : cmyk.entrySet()) {
            renderer.renderCmyk(pdf, group.getValue(), group.getKey(), deadline,
                    raster -> measure(raster, options, result));
        }
        measureSeparated(renderer, pdf, separated, deadline, options, result);
        return Collections.unmodifiableMap(result);
    }

    private static SeparationRenderer renderer(InkOptions options) {
        return new SeparationRenderer(new Ghostscript(options.ghostscript()), options.scratchDir(),
                options.timeout());
    }

    private static List<PageGeometry> inRange(List<PageGeometry> pages, InkOptions options) {
        int last = options.lastPage() == 0 ? pages.size() : Math.min(options.lastPage(), pages.size());
        return options.firstPage() > last ? List.of() : pages.subList(options.firstPage() - 1, last);
    }

    private void measure(CmykRaster raster, InkOptions options, Map<Integer, InkFacts> out) {
        separationsSeen.addAll(SeparationPage.PROCESS_INKS);
        out.put(raster.geometry().pageNum(), PageInkMeter.measure(raster, options.windowMm(), options.tacLimitAll(),
                options.tacLimitCmyk()));
    }

    /** Separation names seen on the pages measured so far by this analyzer: process inks first, then spots. */
    public List<String> separations() {
        var process = new ArrayList<String>();
        for (String ink : SeparationPage.PROCESS_INKS) {
            if (separationsSeen.contains(ink)) {
                process.add(ink);
            }
        }
        separationsSeen.stream().filter(s -> !SeparationPage.PROCESS_INKS.contains(s)).sorted()
                .forEach(process::add);
        return List.copyOf(process);
    }

    /** Renders pages with tiffsep in runs of a few pages of one resolution, measuring each page as it is read. */
    private void measureSeparated(SeparationRenderer renderer, Path pdf, List<PageGeometry> pages, long deadline,
                                  InkOptions options, Map<Integer, InkFacts> out) throws RenderException {
        var run = new ArrayList<PageGeometry>();
        int runDpi = 0;
        long runPixels = 0;
        for (PageGeometry page : pages) {
            int dpi = SeparationRenderer.effectiveDpi(page, options.dpi());
            long pixels = SeparationRenderer.pixels(page, dpi);
            if (!run.isEmpty() && (dpi != runDpi || run.size() == PAGES_PER_RUN
                    || runPixels + pixels > PIXELS_PER_RUN)) {
                measureRun(renderer, pdf, run, runDpi, deadline, options, out);
                run.clear();
                runPixels = 0;
            }
            run.add(page);
            runDpi = dpi;
            runPixels += pixels;
        }
        if (!run.isEmpty()) {
            measureRun(renderer, pdf, run, runDpi, deadline, options, out);
        }
    }

    private void measureRun(SeparationRenderer renderer, Path pdf, List<PageGeometry> run, int dpi, long deadline,
                            InkOptions options, Map<Integer, InkFacts> out) throws RenderException {
        renderer.renderRun(pdf, List.copyOf(run), dpi, deadline, page -> {
            page.channels().forEach(c -> separationsSeen.add(c.name()));
            out.put(page.pageNum(), PageInkMeter.measure(page, options.windowMm(), options.tacLimitAll(),
                    options.tacLimitCmyk()));
        });
    }
}
