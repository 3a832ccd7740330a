package dev.preflight.engine.view;

/**
 * One optional-content group (layer).
 *
 * @param name      /Name as written in the PDF (empty when the group has none)
 * @param ocgIndex  0-based position in the document's /OCProperties /OCGs array; the index the toggles use
 * @param defaultOn ON in the default configuration /D (its /BaseState, then its /ON and /OFF arrays, OFF winning)
 */
public record Layer(String name, int ocgIndex, boolean defaultOn) {

    public Layer {
        name = name == null ? "" : name;
    }
}
