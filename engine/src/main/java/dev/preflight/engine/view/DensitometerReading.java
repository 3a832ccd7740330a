package dev.preflight.engine.view;

import java.util.List;

/**
 * A densitometer reading.
 *
 * @param x             the position asked for, PDF points, origin lower-left
 * @param y             the position asked for, PDF points, origin lower-left
 * @param dpi           resolution of the separation render read
 * @param channels      every separation of the page in plate order
 * @param tac           total area coverage: the sum of the channels' percentages (one decimal)
 * @param tacLimit      the limit compared against, percent
 * @param limitExceeded {@code tac > tacLimit}
 */
public record DensitometerReading(double x, double y, int dpi, List<ChannelReading> channels, double tac,
                                  double tacLimit, boolean limitExceeded) {

    public DensitometerReading {
        channels = List.copyOf(channels);
    }
}
