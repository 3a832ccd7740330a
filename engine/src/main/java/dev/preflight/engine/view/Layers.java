package dev.preflight.engine.view;

import dev.preflight.engine.facts.FactsCollector;
import dev.preflight.engine.facts.OptionalContentFact;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.util.List;

/** The document's layers in /OCGs order, from the facts collector's reading of /OCProperties. */
public final class Layers {

    private Layers() {
    }

    /** Layers from facts already collected (an analysis has them). */
    public static List<Layer> of(OptionalContentFact optionalContent) {
        return optionalContent.groups().stream()
                .map(g -> new Layer(g.name(), g.index(), g.defaultOn()))
                .toList();
    }

    /** Layers of an open document, reading /OCProperties only (no page is walked). */
    public static List<Layer> read(PDDocument doc) {
        try {
            return of(FactsCollector.optionalContent(doc));
        } catch (RuntimeException | StackOverflowError e) {
            // a damaged /OCProperties leaves the document without usable layers, as readers treat it
            return List.of();
        }
    }
}
