package dev.preflight.engine;

import dev.preflight.engine.checks.brand.BrandColor;
import dev.preflight.engine.checks.brand.BrandColorCheck;
import dev.preflight.engine.checks.brand.BrandRichBlackCheck;

import java.util.Optional;

/**
 * The checks that measure painted colours against a brand's: their ids, for a profile to carry a brand
 * specification's values, and the colour notations they read.
 */
public final class BrandColorChecks {

    /** Id of the check that compares painted colours with the brand's named colours. */
    public static final String COLOR_CHECK_ID = BrandColorCheck.ID;
    /** Id of the check that compares rich blacks with the brand's C, M, Y and K target. */
    public static final String RICH_BLACK_CHECK_ID = BrandRichBlackCheck.ID;

    private BrandColorChecks() {
    }

    /**
     * What is wrong with a colour value ({@code #RRGGBB}, a CSS colour name, {@code rgb(r, g, b)} or
     * {@code cmyk(c, m, y, k)} in percent), or empty when the brand colour check can measure against it.
     */
    public static Optional<String> problem(String value) {
        try {
            BrandColor.parse(value);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }
}
