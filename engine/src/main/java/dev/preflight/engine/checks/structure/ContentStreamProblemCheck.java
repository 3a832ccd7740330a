package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_CONTENT_PROBLEM: a page's content stream has bad operators or refers to missing resources. */
public final class ContentStreamProblemCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_CONTENT_PROBLEM", "Page content stream problems",
            "Parsing the page content met unknown or malformed operators or references to missing resources "
                    + "(fonts, images, forms). RIPs may stop or drop the affected objects.",
            "structure", Severity.ERROR, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            if (!p.contentProblems().isEmpty()) {
                ctx.finding("Page " + p.pageNum() + " content has " + p.contentProblems().size()
                                + " problem(s): " + p.contentProblems().getFirst())
                        .page(p.pageNum())
                        .detail("problems", p.contentProblems())
                        .report();
            }
        }
    }
}
