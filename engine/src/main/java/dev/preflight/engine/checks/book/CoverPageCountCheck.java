package dev.preflight.engine.checks.book;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.ArrayList;
import java.util.List;

/** COVER_PAGE_COUNT: a cover file that does not have one of the page counts the printer takes. */
public final class CoverPageCountCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("COVER_PAGE_COUNT", "Cover file has the wrong page count",
            "A cover file has a number of pages that is not one of allowed_page_counts. Most printers take the "
                    + "cover as one spread (back, spine and front on one page: KDP, IngramSpark, Lulu); some take "
                    + "the outside and the inside as two spreads, or four separate pages (outside front, inside "
                    + "front, inside back, outside back). A cover sent as the interior's first and last pages, or "
                    + "an interior sent as the cover, shows here first.",
            "book", Severity.ERROR, "document",
            List.of(ParamSpec.strings("allowed_page_counts", List.of("1"), List.of("1", "2", "3", "4", "5", "6"),
                    "page counts the printer takes for a cover file, e.g. [\"1\", \"2\"]")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var allowed = new ArrayList<Integer>();
        for (String s : ctx.strings("allowed_page_counts")) {
            allowed.add(Integer.parseInt(s));
        }
        allowed.sort(null);
        if (allowed.contains(facts.pageCount())) {
            return;
        }
        ctx.finding("The cover file has " + facts.pageCount() + " page(s); the printer takes " + join(allowed))
                .detail("page_count", facts.pageCount())
                .detail("allowed_page_counts", allowed)
                .report();
    }

    private static String join(List<Integer> counts) {
        if (counts.size() == 1) {
            return String.valueOf(counts.getFirst());
        }
        var head = counts.subList(0, counts.size() - 1).stream().map(String::valueOf).toList();
        return String.join(", ", head) + " or " + counts.getLast();
    }
}
