package dev.preflight.engine.view;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.render.InkAnalyzer;
import dev.preflight.engine.render.InkOptions;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The viewer's document-wide ink pass: every page's separations rendered by Ghostscript at the settings' ink
 * resolution, giving the document's separations (every process and spot ink, overprint simulated) and each page's
 * coverage and TAC.
 *
 * @param dpi         the resolution asked for; a page too large for it is rendered coarser (see its own dpi)
 * @param windowMm    side of the TAC averaging square, millimetres
 * @param separations names of the separations seen on the pages, process inks first
 * @param pages       each measured page by its 1-based number, in page order
 */
public record DocumentInk(int dpi, double windowMm, List<String> separations, Map<Integer, PageInk> pages) {

    public DocumentInk {
        separations = List.copyOf(separations);
        pages = Collections.unmodifiableMap(new LinkedHashMap<>(pages));
    }

    /**
     * Renders and measures every page.
     *
     * @param pages    the document's page geometry, in page order
     * @param settings the ink resolution, Ghostscript, time bound and scratch directory
     * @param tacLimit the total ink limit (all separations and CMYK alike) the area over it is measured against,
     *                 percent
     * @throws RenderException when Ghostscript fails or times out
     */
    public static DocumentInk measure(Path pdf, List<PageGeometry> pages, EngineSettings settings, double tacLimit)
            throws RenderException {
        InkOptions options = InkOptions.of(settings).withLimits(tacLimit, tacLimit);
        var analyzer = new InkAnalyzer();
        Map<Integer, InkFacts> measured = analyzer.analyze(pdf, pages, options);
        var out = new LinkedHashMap<Integer, PageInk>();
        measured.forEach((pageNum, facts) -> out.put(pageNum, PageInk.of(facts)));
        return new DocumentInk(options.dpi(), options.windowMm(), analyzer.separations(), out);
    }
}
