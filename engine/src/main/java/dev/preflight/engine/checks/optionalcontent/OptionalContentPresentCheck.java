package dev.preflight.engine.checks.optionalcontent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** OC_PRESENT: Layers present. */
public final class OptionalContentPresentCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OC_PRESENT", "Layers present",
            "The document uses optional content (layers). Reports the layers and their default state.",
            "optional_content", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        OptionalContentFact oc = facts.optionalContent();
        if (oc.present()) {
            ctx.finding("The document has " + oc.groups().size() + " layer(s)")
                    .detail("layers", oc.groups().stream().map(OptionalContentFact.Group::name).toList())
                    .detail("hidden", oc.groups().stream().filter(g -> !g.defaultOn())
                            .map(OptionalContentFact.Group::name).toList())
                    .report();
        }
    }
}
