package dev.preflight.analysis;

/**
 * One layer (optional-content group) of a job's PDF as read at ingest.
 *
 * @param name      /Name as written in the PDF (empty when the group has none)
 * @param ocgIndex  0-based position in /OCProperties /OCGs: the index the viewer's layer toggles use
 * @param defaultOn ON in the default configuration /D
 */
public record OptionalContentGroup(String name, int ocgIndex, boolean defaultOn) {

    static OptionalContentGroup of(dev.preflight.engine.view.Layer layer) {
        return new OptionalContentGroup(layer.name(), layer.ocgIndex(), layer.defaultOn());
    }
}
