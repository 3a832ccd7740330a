package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_PAGE_COUNT: the document does not have the expected number of pages (GWG R0006: exactly one). */
public final class PageCountCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_PAGE_COUNT", "Unexpected page count",
            "The document does not have exactly the expected number of pages (GWG R0006: an ad is one page).",
            "page", Severity.ERROR, "document",
            List.of(ParamSpec.integer("expected_pages", 1, 1, 1_000_000, "exact number of pages expected")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        int expected = ctx.integer("expected_pages");
        if (facts.pageCount() != expected) {
            ctx.finding("The document has " + facts.pageCount() + " page(s); expected " + expected)
                    .detail("page_count", facts.pageCount())
                    .detail("expected_pages", expected)
                    .report();
        }
    }
}
