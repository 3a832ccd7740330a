package dev.preflight.engine.checks.book;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** BINDING_PAGE_COUNT: the interior's page count does not fit the binding. */
public final class BindingPageCountCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("BINDING_PAGE_COUNT", "Page count does not fit the binding",
            "The interior's page count is not a multiple of multiple_of, or lies outside min_pages to max_pages. "
                    + "Every leaf has two sides, so a bound book has an even page count; a saddle-stitched booklet "
                    + "is folded sheets of four pages, so its count is a multiple of 4 (and larger signatures, 8, "
                    + "16 or 32, for some presses). Printers publish the limits of each binding: perfect binding "
                    + "needs enough pages for a spine (KDP paperbacks 24 to 828), a saddle stitch cannot hold more "
                    + "than a few dozen sheets. Pages missing from a multiple are added blank at the end by the "
                    + "printer, or the job is stopped.",
            "book", Severity.ERROR, "document",
            List.of(ParamSpec.integer("multiple_of", 2, 1, 64, "the page count must be a multiple of this"),
                    ParamSpec.integer("min_pages", null, 1, 100_000, "fewest pages the binding takes; unset: any"),
                    ParamSpec.integer("max_pages", null, 1, 100_000, "most pages the binding takes; unset: any")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        int n = facts.pageCount();
        int multiple = ctx.integer("multiple_of");
        Integer min = ctx.integer("min_pages");
        Integer max = ctx.integer("max_pages");
        if (n % multiple != 0) {
            int next = (n / multiple + 1) * multiple;
            ctx.finding("The document has " + n + " page(s), not a multiple of " + multiple + " (" + (next - n)
                            + " blank page(s) would be added to reach " + next + ")")
                    .detail("page_count", n)
                    .detail("multiple_of", multiple)
                    .report();
        }
        if (min != null && n < min) {
            ctx.finding("The document has " + n + " page(s); the binding takes at least " + min)
                    .detail("page_count", n)
                    .detail("min_pages", min)
                    .report();
        }
        if (max != null && n > max) {
            ctx.finding("The document has " + n + " page(s); the binding takes at most " + max)
                    .detail("page_count", n)
                    .detail("max_pages", max)
                    .report();
        }
    }
}
