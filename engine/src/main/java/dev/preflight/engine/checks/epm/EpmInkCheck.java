package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/** EPM checks that read the rendered plates of each page. */
abstract class EpmInkCheck extends EpmCheck {

    EpmInkCheck(String name, String title, String description, String tier, String legacyCode,
                List<ParamSpec> params) {
        super(name, title, description, tier, legacyCode, true, params);
    }

    abstract void inspect(PageFacts page, InkFacts ink, CheckContext ctx);

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts page : facts.pages()) {
            InkFacts ink = facts.ink().get(page.pageNum());
            if (ink != null && !ink.empty()) {
                inspect(page, ink, ctx);
            }
        }
    }
}
