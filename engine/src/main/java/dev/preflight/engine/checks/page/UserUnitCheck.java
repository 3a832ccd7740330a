package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** PAGE_USERUNIT: a page scales its user space with /UserUnit (GWG R0002). */
public final class UserUnitCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_USERUNIT", "UserUnit used",
            "The page dictionary contains /UserUnit (GWG R0002): one unit is larger than 1/72 inch. Many tools "
                    + "ignore it, so the page prints at a fraction of its intended size.",
            "page", Severity.ERROR, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            double uu = p.geometry().userUnit();
            if (uu != 1.0) {
                ctx.finding("Page " + p.pageNum() + " has /UserUnit " + uu)
                        .page(p.pageNum())
                        .detail("user_unit", uu)
                        .report();
            }
        }
    }
}
