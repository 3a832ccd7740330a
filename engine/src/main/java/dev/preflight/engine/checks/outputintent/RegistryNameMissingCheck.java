package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;

/** OI_REGISTRY_NAME_MISSING: Output intent without registry name. */
public final class RegistryNameMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_REGISTRY_NAME_MISSING", "Output intent without registry name",
            "A PDF/X output intent has neither an embedded profile nor a /RegistryName, so a receiver cannot look its OutputConditionIdentifier up in a characterisation registry (such as http://www.color.org).",
            "output_intent", Severity.INFO, "document", List.<ParamSpec>of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (OutputIntentFact oi : facts.outputIntents()) {
            if ("GTS_PDFX".equals(oi.subtype()) && !oi.hasDestProfile()
                    && (oi.registryName() == null || oi.registryName().isBlank())) {
                ctx.finding("The output intent " + Describe.intent(oi) + " names no registry")
                        .page(oi.pageNum())
                        .object(oi.objectId(), null)
                        .report();
            }
        }
    }
}
