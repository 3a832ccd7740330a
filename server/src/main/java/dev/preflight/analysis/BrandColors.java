package dev.preflight.analysis;

import dev.preflight.engine.BrandColorChecks;

import java.util.Optional;

/** Validates brand colour notations the way the engine's brand checks read them. */
public final class BrandColors {

    private BrandColors() {
    }

    /**
     * What is wrong with a colour value ({@code #RRGGBB}, a CSS colour name, {@code rgb(r, g, b)} or
     * {@code cmyk(c, m, y, k)} in percent), or empty when the engine can measure against it.
     */
    public static Optional<String> problem(String value) {
        return BrandColorChecks.problem(value);
    }
}
