package dev.preflight.engine;

import dev.preflight.engine.view.Layer;

import java.util.List;

/**
 * What an analysis produced.
 *
 * @param pageCount  number of pages (0 when the document could not be opened)
 * @param pdfVersion header version, or null
 * @param pages      page geometry, in page order
 * @param findings   findings in check order
 * @param inkRendered ink was rendered (separations and TAC are known)
 * @param separations names of the separations seen on the rendered pages (process first), empty when not rendered
 * @param layers     the optional-content groups in /OCGs order, as the facts pass read them
 */
public record AnalysisResult(int pageCount, String pdfVersion, List<PageGeometry> pages, List<Finding> findings,
                             boolean inkRendered, List<String> separations, List<Layer> layers) {

    public AnalysisResult {
        pages = pages == null ? List.of() : List.copyOf(pages);
        findings = findings == null ? List.of() : List.copyOf(findings);
        separations = separations == null ? List.of() : List.copyOf(separations);
        layers = layers == null ? List.of() : List.copyOf(layers);
    }
}
