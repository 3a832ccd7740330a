package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;

/** OI_PROFILE_MISSING: Output intent without profile. */
public final class OutputIntentProfileMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_PROFILE_MISSING", "Output intent without profile",
            "A PDF/X (GTS_PDFX) output intent has no embedded DestOutputProfile. With allow_registered, an intent whose RegistryName names a characterisation registry (registered condition, allowed by PDF/X-1a and PDF/X-3) is accepted.",
            "output_intent", Severity.ERROR, "document", List.of(ParamSpec.bool("allow_registered", false,
                    "accept an intent without profile when it names a registered condition (RegistryName set)")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        boolean allowRegistered = ctx.bool("allow_registered");
        for (OutputIntentFact oi : facts.outputIntents()) {
            boolean registered = oi.registryName() != null && !oi.registryName().isBlank();
            if ("GTS_PDFX".equals(oi.subtype()) && !oi.hasDestProfile() && !(allowRegistered && registered)) {
                ctx.finding("The output intent " + Describe.intent(oi) + " has no embedded destination profile")
                        .page(oi.pageNum())
                        .object(oi.objectId(), null)
                        .detail("output_condition_identifier", oi.outputConditionIdentifier())
                        .detail("registry_name", oi.registryName())
                        .report();
            }
        }
    }
}
