package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** OI_PAGE_LEVEL: Page-level output intent. */
public final class PageOutputIntentCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_PAGE_LEVEL", "Page-level output intent",
            "A page carries its own /OutputIntents (a PDF 2.0 feature). Tools built for PDF/X-4 ignore it, so the page may be converted or checked against the wrong condition.",
            "output_intent", Severity.WARNING, "document", List.<ParamSpec>of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (var p : facts.pages()) {
            if (p.hasOutputIntent()) {
                ctx.finding("Page " + p.pageNum() + " has its own output intent")
                        .page(p.pageNum())
                        .object(null, "page")
                        .report();
            }
        }
    }
}
