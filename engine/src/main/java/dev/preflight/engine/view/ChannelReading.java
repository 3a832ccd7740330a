package dev.preflight.engine.view;

/**
 * Ink of one separation at a densitometer position.
 *
 * @param name    the ink's exact name
 * @param percent mean ink over the patch, 0 to 100 (one decimal)
 */
public record ChannelReading(String name, double percent) {
}
