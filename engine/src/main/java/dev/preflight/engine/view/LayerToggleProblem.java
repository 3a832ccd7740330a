package dev.preflight.engine.view;

/**
 * Why a set of layer toggles cannot be applied.
 *
 * @param parameter {@code ocg_on} or {@code ocg_off}
 * @param index     the layer index at fault, or null when the problem is not about one index
 * @param message   a sentence for the caller
 */
public record LayerToggleProblem(String parameter, Integer index, String message) {
}
