package dev.preflight.engine.checks.book;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/** BINDING_BLANK_PAGES: blank interior pages, and runs of more blank pages in a row than allowed. */
public final class BlankPagesCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("BINDING_BLANK_PAGES", "Blank interior pages",
            "Lists the interior's blank pages: no visible element puts ink inside the page's trim box (marks "
                    + "outside the trim do not count). A blank left-hand page before a chapter is normal, and "
                    + "the list (one info finding with the count and page numbers) lets the customer confirm it; "
                    + "more than max_blank_in_row blank pages in a row are usually a layout or export mistake "
                    + "(printers such as KDP and IngramSpark query or reject runs of blank pages), reported once "
                    + "per run at the check's severity.",
            "book", Severity.INFO, "page",
            List.of(ParamSpec.integer("max_blank_in_row", 2, 0, 10_000,
                    "most blank pages in a row before the run is reported")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Set<PageFacts> inked = Collections.newSetFromMap(new IdentityHashMap<>());
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            Box trim = pl.page().geometry().effectiveTrim();
            Box b = pl.box();
            if (b != null && (trim.intersects(b) || (b.area() == 0 && trim.contains(b)))) {
                inked.add(pl.page());
            }
        }
        var blank = new ArrayList<Integer>();
        for (PageFacts p : facts.pages()) {
            if (!inked.contains(p)) {
                blank.add(p.pageNum());
            }
        }
        if (blank.isEmpty()) {
            return;
        }
        ctx.finding(blank.size() + " blank page(s): " + ranges(blank))
                .severity(Severity.INFO)
                .page(blank.getFirst())
                .detail("blank_pages", blank.size() <= 500 ? blank : blank.subList(0, 500))
                .detail("blank_count", blank.size())
                .report();
        int max = ctx.integer("max_blank_in_row");
        var seen = new HashSet<Integer>(blank);
        for (int i = 0; i < blank.size(); ) {
            int start = blank.get(i);
            int end = start;
            while (seen.contains(end + 1)) {
                end++;
            }
            int run = end - start + 1;
            if (run > max) {
                ctx.finding(run + " blank pages in a row (pages " + start + " to " + end + "); at most " + max
                                + " expected")
                        .page(start)
                        .detail("first_page", start)
                        .detail("last_page", end)
                        .detail("pages_in_row", run)
                        .detail("max_blank_in_row", max)
                        .report();
            }
            i += run;
        }
    }

    /** Page numbers as ranges: 3, 7-9, 12. */
    static String ranges(List<Integer> pages) {
        var sb = new StringBuilder();
        for (int i = 0; i < pages.size(); ) {
            int j = i;
            while (j + 1 < pages.size() && pages.get(j + 1) == pages.get(j) + 1) {
                j++;
            }
            if (!sb.isEmpty()) {
                sb.append(", ");
            }
            sb.append(pages.get(i));
            if (j > i) {
                sb.append('-').append(pages.get(j));
            }
            if (sb.length() > 400) {
                sb.append(", ...");
                break;
            }
            i = j + 1;
        }
        return sb.toString();
    }
}
