package dev.preflight.engine.checks.ink;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** Base of the checks that read rendered ink ({@link InkFacts}); pages without rendered ink are skipped. */
abstract class InkCheck implements Check {

    static final double PT_PER_MM = 72.0 / 25.4;

    private final CheckInfo info;

    InkCheck(String id, String name, String description, Severity severity, List<ParamSpec> params) {
        this.info = new CheckInfo(id, name, description, "ink", severity, "page", params, true);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    abstract void inspect(PageFacts page, InkFacts ink, CheckContext ctx);

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts page : facts.pages()) {
            InkFacts ink = facts.ink().get(page.pageNum());
            if (ink != null) {
                inspect(page, ink, ctx);
            }
        }
    }
}
