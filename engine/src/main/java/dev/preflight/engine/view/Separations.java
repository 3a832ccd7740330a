package dev.preflight.engine.view;

import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.SeparationRenderer;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The viewer's entry point to a page's separations: Ghostscript renders the page (overprint simulated, one 8-bit
 * plane per ink) with the CMYK device when the page paints with process inks only, {@code tiffsep} otherwise.
 */
public final class Separations {

    private final SeparationRenderer renderer;

    /**
     * @param ghostscript Ghostscript's path, or a bare name looked up on the PATH
     * @param scratchDir  where {@code tiffsep} writes its plates for the length of a render
     * @param timeout     bound on one render
     */
    public Separations(String ghostscript, Path scratchDir, Duration timeout) {
        this.renderer = new SeparationRenderer(new Ghostscript(ghostscript), scratchDir, timeout);
    }

    /**
     * Renders one page's separations; the PDF is opened to scan the page for spot inks while the CMYK render
     * starts.
     *
     * @throws RenderException when Ghostscript fails or times out
     */
    public SeparationPage render(Path pdf, PageGeometry page, int dpi) throws RenderException {
        return renderer.render(pdf, page, dpi);
    }

    /**
     * Renders one page's separations with the device its inks need, without scanning the page.
     *
     * @param mayCarrySpots false only when the page is known to paint with process inks only
     * @throws RenderException when Ghostscript fails or times out
     */
    public SeparationPage render(Path pdf, PageGeometry page, int dpi, boolean mayCarrySpots) throws RenderException {
        return renderer.render(pdf, page, dpi, mayCarrySpots);
    }
}
