package dev.preflight.engine.checks.book;

import dev.preflight.engine.checks.Check;

import java.util.List;

/** The book cover and bound-product checks, in catalogue order. Ids are stable; never renumber or reuse them. */
public final class BookChecks {

    private BookChecks() {
    }

    /** Every book check, in catalogue order. */
    public static List<Check> all() {
        return List.of(
                new CoverPageCountCheck(),
                new CoverSizeCheck(),
                new SpineWidthCheck(),
                new SpineTextMarginCheck(),
                new SpineTextDirectionCheck(),
                new SpineContentCrossesFoldCheck(),
                new BarcodeAreaCheck(),
                new BindingPageCountCheck(),
                new PageSizeMismatchCheck(),
                new BlankPagesCheck(),
                new GutterMarginCheck()
        );
    }
}
