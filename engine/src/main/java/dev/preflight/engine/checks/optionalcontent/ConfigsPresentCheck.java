package dev.preflight.engine.checks.optionalcontent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** OC_CONFIGS_PRESENT: Alternate layer configurations. */
public final class ConfigsPresentCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OC_CONFIGS_PRESENT", "Alternate layer configurations",
            "The /OCProperties dictionary has a /Configs key (GWG R0034): alternate layer configurations let different tools show different layer states, so what prints may not be what was approved.",
            "optional_content", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        OptionalContentFact oc = facts.optionalContent();
        if (oc.present() && oc.hasConfigs()) {
            ctx.finding("/OCProperties has alternate configurations (/Configs)").report();
        }
    }
}
