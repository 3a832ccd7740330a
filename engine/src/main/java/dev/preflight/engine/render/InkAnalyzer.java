package dev.preflight.engine.render;

import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.InkFacts;

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
 * coverage, windowed TAC (GWG D0027/D0028) with summed-area tables, area above the limits, greys and empty pages.
 * Pages are rendered a few at a time and measured one at a time, so memory holds one page's planes. An analyzer
 * remembers the separations it saw ({@link #separations()}): use one per document, from one thread.
 */
public final class InkAnalyzer {

    /**
     * Pages per Ghostscript run. Each run costs Ghostscript about 0.2 s of start-up and parsing, so pages are
     * batched; the batch's files sit on disk until read.
     */
    static final int PAGES_PER_RUN = 32;
    /**
     * Pixels per Ghostscript run. Planes are PackBits-compressed (a text page's four planes take a few hundred
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
        DocumentGeometry doc = DocumentGeometry.read(pdf, 64L * 1024 * 1024);
        return analyze(pdf, doc.pages(), options);
    }

    /** Measures every page in the options' range, the document's geometry already read. */
    public Map<Integer, InkFacts> analyze(Path pdf, List<PageGeometry> pages, InkOptions options)
            throws RenderException {
        long deadline = System.nanoTime() + options.timeout().toNanos();
        var renderer = new SeparationRenderer(new Ghostscript(options.ghostscript()), options.scratchDir(),
                options.timeout());
        int last = options.lastPage() == 0 ? pages.size() : Math.min(options.lastPage(), pages.size());
        var result = new TreeMap<Integer, InkFacts>();
        var run = new ArrayList<PageGeometry>();
        int runDpi = 0;
        long runPixels = 0;
        for (int p = options.firstPage(); p <= last; p++) {
            PageGeometry page = pages.get(p - 1);
            int dpi = SeparationRenderer.effectiveDpi(page, options.dpi());
            long pixels = SeparationRenderer.pixels(page, dpi);
            if (!run.isEmpty() && (dpi != runDpi || run.size() == PAGES_PER_RUN
                    || runPixels + pixels > PIXELS_PER_RUN)) {
                measureRun(renderer, pdf, run, runDpi, deadline, options, result);
                run.clear();
                runPixels = 0;
            }
            run.add(page);
            runDpi = dpi;
            runPixels += pixels;
        }
        if (!run.isEmpty()) {
            measureRun(renderer, pdf, run, runDpi, deadline, options, result);
        }
        return Collections.unmodifiableMap(result);
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

    private void measureRun(SeparationRenderer renderer, Path pdf, List<PageGeometry> run, int dpi, long deadline,
                            InkOptions options, Map<Integer, InkFacts> out) throws RenderException {
        renderer.renderRun(pdf, List.copyOf(run), dpi, deadline, page -> {
            page.channels().forEach(c -> separationsSeen.add(c.name()));
            out.put(page.pageNum(), PageInkMeter.measure(page, options.windowMm(), options.tacLimitAll(),
                    options.tacLimitCmyk()));
        });
    }
}
